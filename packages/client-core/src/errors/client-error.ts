/**
 * Root of each client's base error class (`RankquillError`, `PublicArticlesError`), which
 * extends it so that its errors are named after their class.
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
