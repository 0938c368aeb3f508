/**
 * Root of each client's base error class (`RankquillError`, `PublicArticlesError`). Its errors
 * are named after their class: every class of the clients sets `name` itself, since a minifier
 * renames classes (a bundled edge function's `NotFoundError` would be called `ws`); a subclass of
 * your own is named after its constructor.
 */
export class ClientError extends Error {
  /**
   * @param message What went wrong and what to do about it.
   * @param options `cause`: the failure underneath, if any.
   */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}
