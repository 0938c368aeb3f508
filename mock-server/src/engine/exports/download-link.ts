import { isoTime } from '../kernel/clock';
import { ServiceError } from '../kernel/errors';
import type { DownloadTokens } from './download-token';

/**
 * Checks the query of a signed download link (`?expires=…&signature=…`) of export `exportId`
 * before anything is looked up, so a caller without a valid link learns nothing about the
 * export. Throws the 401 that names the part at fault: `expires` or `signature` missing, a
 * signature that is not the one of this export and expiry, or a link past its expiry.
 *
 * @example
 * ```ts
 * await checkDownloadLink(tokens, 'proj_1', 'exp_1', { expires: '1767229200', signature: '…' }, clock.now());
 * ```
 */
export async function checkDownloadLink(
  tokens: DownloadTokens,
  projectId: string,
  exportId: string,
  query: Record<string, string | undefined>,
  now: number,
): Promise<void> {
  const { expires, signature } = query;
  const again = `Get a fresh download_url with GET /v1/projects/${projectId}/exports/${exportId} (API key required).`;
  if (!expires || !signature) {
    throw new ServiceError(
      'authentication_error',
      401,
      `This download link is incomplete: it needs both \`expires\` and \`signature\`. ${again}`,
      expires ? 'signature' : 'expires',
    );
  }
  const expiresAt = /^\d{1,12}$/.test(expires) ? Number(expires) : Number.NaN;
  if (!Number.isSafeInteger(expiresAt) || !(await tokens.verify(exportId, expiresAt, signature))) {
    throw new ServiceError(
      'authentication_error',
      401,
      `This download link's signature is not valid for export ${exportId}. ${again}`,
      'signature',
    );
  }
  if (expiresAt * 1000 <= now) {
    throw new ServiceError(
      'authentication_error',
      401,
      `This download link expired at ${isoTime(expiresAt * 1000)}. ${again}`,
      'expires',
    );
  }
}
