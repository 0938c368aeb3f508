import { NotFoundError, ServiceError } from '../../engine/index';
import type { PageAnswer } from '../answers';
import { html } from '../html';

/** The page of an error: the engine's message for a client's mistake, a plain apology otherwise. */
export function errorPage(error: unknown): PageAnswer {
  if (error instanceof NotFoundError) {
    return {
      kind: 'page',
      status: 404,
      title: 'Not found',
      body: html`<h1>Not found</h1><p>${error.message}</p><p><a href="/">Back to your projects</a></p>`,
    };
  }
  if (error instanceof ServiceError && error.status < 500) {
    return {
      kind: 'page',
      status: error.status,
      title: 'Request refused',
      body: html`<h1>Request refused</h1><p>${error.message}</p><p><a href="/">Back to your projects</a></p>`,
    };
  }
  return {
    kind: 'page',
    status: 500,
    title: 'Something went wrong',
    body: html`<h1>Something went wrong</h1><p>The server could not show this page. Try again; if it keeps failing, the server's log says why.</p>`,
  };
}
