import { FAILED_AUTHENTICATION_LIMITS } from '../api/failed-authentication';

/**
 * The rules a server runs by. `mock` (the default) is the deterministic mock: seeded keys, demo
 * data, admin routes on, either clock. `production` is a deployable service: keys from a
 * cryptographic source, no demo data, admin routes only behind a long token, webhooks to public
 * addresses only, the real clock, a signing secret of the deployment and a public URL for the
 * links it hands out.
 */
export type ServerProfile = 'mock' | 'production';

export const SERVER_PROFILES: readonly ServerProfile[] = ['mock', 'production'];

/** Shortest admin token the production profile takes. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

/** Options that break the chosen profile; the message names the flag (and the option in code). */
export class ServerProfileError extends Error {
  override name = 'ServerProfileError';
}

/** The options of `startServer` a profile reads. */
export interface ProfileOptions {
  profile?: ServerProfile;
  publicUrl?: string;
  clock?: 'real' | 'manual';
  exportSigningSecret?: string;
  admin?: boolean;
  adminToken?: string;
  webhookEgress?: 'public' | 'private';
  failedAuthLimit?: number;
}

/** What a profile decides for `startServer`, from the options it was given. */
export interface ProfileSettings {
  profile: ServerProfile;
  admin: boolean;
  /** The mock's clock and reset routes (API and dashboard); off in production. */
  mockRoutes: boolean;
  demo: boolean;
  /** The public URL without a trailing slash, when one was given. */
  publicUrl: string | undefined;
  /** Where webhooks may go, when the profile decides it (production: public addresses only). */
  webhookEgress: 'public' | 'private' | undefined;
  /** Wrong main API keys per client address per minute before 429 (0: no limit). */
  failedAuthLimit: number;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Checks the options against their profile and answers what it decides. Throws
 * `ServerProfileError` for a combination the profile refuses, naming the flag to change.
 *
 * @example
 * ```ts
 * resolveProfile({ profile: 'production', clock: 'manual' }); // throws: --clock manual ...
 * ```
 */
export function resolveProfile(options: ProfileOptions): ProfileSettings {
  const profile = options.profile ?? 'mock';
  if (!SERVER_PROFILES.includes(profile)) {
    throw new ServerProfileError(
      `--profile must be ${SERVER_PROFILES.map((name) => `"${name}"`).join(' or ')}, got "${profile}".`,
    );
  }
  const publicUrl = options.publicUrl === undefined ? undefined : normalizePublicUrl(options.publicUrl);
  const failedAuthLimit = options.failedAuthLimit ?? FAILED_AUTHENTICATION_LIMITS[profile];
  if (!Number.isSafeInteger(failedAuthLimit) || failedAuthLimit < 0) {
    throw new ServerProfileError(
      `--failed-auth-limit (failedAuthLimit in code) must be a whole number of wrong keys a minute, 0 for no limit, got ${failedAuthLimit}.`,
    );
  }
  if (profile === 'mock') {
    return {
      profile,
      admin: options.admin ?? true,
      mockRoutes: true,
      demo: true,
      publicUrl,
      webhookEgress: options.webhookEgress,
      failedAuthLimit,
    };
  }
  if (options.webhookEgress === 'private') {
    throw new ServerProfileError(
      '--webhook-egress private (webhookEgress: "private") is not allowed with --profile production: a deployed service sends webhooks to public addresses only. Drop --webhook-egress.',
    );
  }
  if (options.clock === 'manual') {
    throw new ServerProfileError(
      '--clock manual (clock: "manual") is not allowed with --profile production: a deployed service runs on the real clock. Drop --clock.',
    );
  }
  if (!options.exportSigningSecret) {
    throw new ServerProfileError(
      '--profile production needs --export-signing-secret (or RANKQUILL_EXPORT_SIGNING_SECRET; exportSigningSecret in code): a long random string of this deployment, so download links cannot be forged by anyone who knows the seed.',
    );
  }
  if (publicUrl === undefined) {
    throw new ServerProfileError(
      '--profile production needs --public-url (publicUrl in code): the https address clients reach this server at, such as https://api.example.com; download links are built from it, never from the Host header.',
    );
  }
  const { protocol, host } = new URL(publicUrl);
  if (protocol !== 'https:' && !LOOPBACK_HOSTS.has(host.replace(/:\d+$/, ''))) {
    throw new ServerProfileError(
      `--public-url must be an https address with --profile production, got "${publicUrl}" (http is accepted for a loopback host only).`,
    );
  }
  const token = options.adminToken;
  if (token !== undefined && token.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ServerProfileError(
      `--admin-token (or RANKQUILL_ADMIN_TOKEN; adminToken in code) must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters with --profile production, got ${token.length}; use a long random string.`,
    );
  }
  return {
    profile,
    admin: token !== undefined && options.admin !== false,
    mockRoutes: false,
    demo: false,
    publicUrl,
    webhookEgress: 'public',
    failedAuthLimit,
  };
}

/** An absolute http(s) URL without credentials, query or fragment; the trailing slash is dropped. */
function normalizePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ServerProfileError(
      `--public-url must be an absolute URL such as https://api.example.com, got "${value}".`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServerProfileError(`--public-url must start with https:// or http://, got "${value}".`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ServerProfileError(
      `--public-url must hold no user, password, query or fragment, got "${value}": give the address the API is served at.`,
    );
  }
  return url.href.replace(/\/+$/, '');
}
