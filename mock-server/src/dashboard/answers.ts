import type { ApiRequest } from '../api/api-types';
import type { AccountRecord, Engine } from '../engine/index';
import type { Html } from './html';
import type { Flash, Session } from './sessions';

/** The tabs of a project's pages. */
export type ProjectSection =
  | 'overview'
  | 'content'
  | 'integrations'
  | 'activity'
  | 'keywords'
  | 'ai-visibility'
  | 'reports';

/** A page of the dashboard, laid out in the common frame. */
export interface PageAnswer {
  kind: 'page';
  status?: number;
  title: string;
  body: Html;
  /** The project whose tabs the page shows, with the current tab. */
  project?: { id: string; name: string; section: ProjectSection };
  /** Work the page shows is under way and will end without the user: reload until it is done. */
  refresh?: boolean;
  /** A message of this answer itself, shown in place of the session's and never stored (a secret shown once). */
  flash?: Flash;
  /** Headers of this answer besides the pages' own (`Retry-After`). */
  headers?: Record<string, string>;
}

/** After a form: go to `location` (303, so a reload does not send the form again). */
export interface RedirectAnswer {
  kind: 'redirect';
  location: string;
  flash?: Flash;
}

/** A document served as it is, outside the frame (the stylesheet, an article in its sandbox). */
export interface DocumentAnswer {
  kind: 'document';
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Answer = PageAnswer | RedirectAnswer | DocumentAnswer;

/** How the server runs, as the pages need to know it. */
export interface DashboardSettings {
  /** `/__admin` routes and the mock's clock and reset are served, so the dashboard offers the clock too. */
  admin: boolean;
  /** Set when moving the clock needs the admin token. */
  adminToken: string | undefined;
}

/** What a page handler gets. */
export interface PageCall {
  engine: Engine;
  request: ApiRequest;
  params: Record<string, string>;
  /** The fields of a form post; empty for a GET. */
  form: URLSearchParams;
  account: AccountRecord;
  session: Session;
  /** The message left by the form sent before this page, shown once. */
  flash: Flash | undefined;
  settings: DashboardSettings;
}

export type PageHandler = (call: PageCall) => Promise<Answer>;

/** One route of the dashboard; every route but sign-in needs a session. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  handler: PageHandler;
  /**
   * For a form post: the page to go back to when the engine refuses the input (400, 409), with
   * the message and the fields filled in again.
   */
  back?: (params: Record<string, string>) => string;
}

export function redirect(location: string, flash?: Flash): RedirectAnswer {
  return { kind: 'redirect', location, flash };
}

/** The path of a project page: `projectPath('proj_1', 'content')` is `/projects/proj_1/content`. */
export function projectPath(projectId: string, ...rest: string[]): string {
  return ['/projects', encodeURIComponent(projectId), ...rest.map(encodeURIComponent)].join('/');
}
