import { escapeHtml } from '@rankquill/webhooks';

/** Markup that is already safe: built by `html`, never from text a user or a receiver sent. */
export class Html {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

/**
 * A template of markup: every interpolated value is escaped unless it is `Html`; arrays are
 * joined, and `null`, `undefined` and `false` leave nothing, so optional parts read naturally.
 *
 * @example
 * ```ts
 * html`<p class="${kind}">${message}</p>`; // message "<b>" becomes &lt;b&gt;
 * html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    out += render(values[i]) + (strings[i + 1] ?? '');
  }
  return new Html(out);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}
