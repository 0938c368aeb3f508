/**
 * A client's base error class (`RankquillError`, `PublicArticlesError`): every error the client
 * throws extends it, so one `instanceof` check catches them all. The shared error classes are
 * built on it (`apiErrorClass(RankquillError)`), since each client has its own.
 */
export type ClientErrorClass = new (message: string, options?: { cause?: unknown }) => Error;
