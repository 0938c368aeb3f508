import { type PageAnswer, type ProjectSection, projectPath } from './answers';
import { REFRESH_SCRIPT, STYLESHEET } from './assets';
import { CSRF_FIELD } from './form';
import { type Html, html } from './html';
import type { Flash } from './sessions';

const SECTIONS: [ProjectSection, string, string][] = [
  ['overview', 'Overview', ''],
  ['content', 'Content', 'content'],
  ['integrations', 'Integrations', 'integrations'],
  ['activity', 'Activity', 'activity'],
  ['keywords', 'Keywords', 'keywords'],
  ['ai-visibility', 'AI visibility', 'ai-visibility'],
  ['reports', 'Reports', 'reports'],
];

/** What the frame around a page shows besides the page. */
export interface Frame {
  /** The signed-in session's form token (for the sign-out button); absent before sign-in. */
  csrfToken?: string;
  /** Show the links to the clock and requests pages (admin routes are on). */
  clock?: boolean;
  flash?: Flash;
}

/** The whole HTML document of a page. */
export function renderPage(page: PageAnswer, frame: Frame): string {
  const title = page.project ? `${page.title} · ${page.project.name}` : page.title;
  return `<!doctype html>${html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Rankquill dashboard</title><link rel="stylesheet" href="${STYLESHEET.path}">${page.refresh ? html`<script src="${REFRESH_SCRIPT.path}" defer></script>` : ''}</head><body><a class="skip" href="#main">Skip to main content</a>${siteHeader(frame)}${page.project ? projectTabs(page.project) : ''}<main id="main">${frame.flash ? flashMessage(frame.flash) : ''}${page.body}${page.refresh ? html`<p class="hint" role="status">This page reloads itself every 2 seconds until the work is done.</p>` : ''}</main></body></html>`}`;
}

function siteHeader(frame: Frame): Html {
  return html`<header class="site"><a class="brand" href="/">Rankquill dashboard</a>${
    frame.csrfToken
      ? html`<nav aria-label="Site"><ul><li><a href="/">Projects</a></li>${
          frame.clock
            ? html`<li><a href="/requests">Requests</a></li><li><a href="/clock">Clock</a></li>`
            : ''
        }</ul></nav><form method="post" action="/sign-out">${csrfInput(frame.csrfToken)}<button type="submit">Sign out</button></form>`
      : ''
  }</header>`;
}

function projectTabs(project: NonNullable<PageAnswer['project']>): Html {
  return html`<nav class="tabs" aria-label="Project"><ul>${SECTIONS.map(
    ([section, label, path]) =>
      html`<li><a href="${path ? projectPath(project.id, path) : projectPath(project.id)}"${
        section === project.section ? html` aria-current="page"` : ''
      }>${label}</a></li>`,
  )}</ul></nav>`;
}

function flashMessage(flash: Flash): Html {
  return html`<div class="flash flash-${flash.kind}" role="${flash.kind === 'error' ? 'alert' : 'status'}"><p>${flash.message}</p></div>`;
}

/** The hidden field that proves a form comes from a page of this session. */
export function csrfInput(token: string): Html {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

/**
 * A form with one button that posts to `action`, such as Publish or Delete. Destructive ones
 * ask for a tick first, since a page with no script cannot show a confirmation dialog.
 */
export function buttonForm(
  csrfToken: string,
  action: string,
  label: string,
  options: { style?: 'secondary' | 'danger'; confirm?: string; hidden?: Record<string, string> } = {},
): Html {
  return html`<form class="inline" method="post" action="${action}">${csrfInput(csrfToken)}${Object.entries(
    options.hidden ?? {},
  ).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}${
    options.confirm
      ? html`<label class="check"><input type="checkbox" name="confirm" value="yes" required> ${options.confirm}</label>`
      : ''
  }<button type="submit"${options.style ? html` class="${options.style}"` : ''}>${label}</button></form>`;
}

/** The error of a field after a refused form, tied to its input by `aria-describedby`. */
export function fieldError(flash: Flash | undefined, name: string): Html {
  if (flash?.kind !== 'error' || flash.field !== name) return html``;
  return html`<p class="hint down" id="${name}-error">${flash.message}</p>`;
}

/** Attributes that mark an input invalid after a refused form and point at its message. */
export function invalidAttributes(flash: Flash | undefined, name: string): Html {
  return flash?.kind === 'error' && flash.field === name
    ? html` aria-invalid="true" aria-describedby="${name}-error"`
    : html``;
}

/** What the field held when the form was refused, else `fallback`. */
export function previousValue(flash: Flash | undefined, name: string, fallback = ''): string {
  // The values come back from the session's JSON as a plain object: read only what the form held.
  const values = flash?.values;
  return values && Object.hasOwn(values, name) ? (values[name] ?? fallback) : fallback;
}

/** A status as a coloured badge that also says it in words. */
export function badge(status: string): Html {
  return html`<span class="badge badge-${status.replace(/[^a-z_-]/g, '')}">${status}</span>`;
}
