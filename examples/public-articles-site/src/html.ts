// HTML built from templates whose every interpolated value is escaped, unless it is already
// `SafeHtml`. Escaping is the default, so a forgotten call cannot let a title become markup.

/** Markup that is safe to insert as it is. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

type Interpolated = SafeHtml | string | number | null | undefined | Interpolated[];

function render(value: Interpolated): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined) return '';
  return escapeHtml(String(value));
}

/** A template tag: `html\`<h1>${title}</h1>\`` escapes `title`; nested `html` results stay markup. */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, index) => out + render(values[index - 1]) + text));
}

/**
 * Markup inserted without escaping. Only for HTML that is already safe: the article bodies, which
 * the service sanitizes on every write.
 */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
