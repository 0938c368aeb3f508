import { expect, it } from 'vitest';
import type { MockServer } from './mock-server';
import type { Listening } from './processes';

const SQLITE_WARNING = /SQLite is an experimental feature/;

/**
 * On a Node that warns when `node:sqlite` loads (22.13 to 23), the SQLite stores load it without
 * that warning (the app's receiver stored the server's delivery in a SqliteArticleStore), while
 * the app's own warnings still print.
 */
export function expectNoSqliteWarning(
  context: () => { app: Listening; server: MockServer },
  checkServer: boolean,
): void {
  it("webhooks: SqliteArticleStore prints no ExperimentalWarning of node:sqlite, and hides none of the app's", () => {
    const { app, server } = context();
    const { stderr } = app.output();
    expect(stderr).not.toMatch(SQLITE_WARNING);
    expect(stderr).toContain('ExperimentalWarning: a warning of the app itself');
    if (checkServer) expect(server.output().stderr).not.toMatch(SQLITE_WARNING);
  });
}
