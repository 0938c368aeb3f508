import { SIGNING_SECRET_PREFIX, type WebhookSettingsParams } from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import { InvalidRequestError } from '../kernel/errors';
import type { WebhookSettings } from '../kernel/records';

/** Random bytes of a signing secret: the HMAC key (Standard Webhooks asks for 24 to 64). */
export const SIGNING_SECRET_BYTES = 32;

/** How long deliveries keep carrying a signature by the signing secret a rotation replaced. */
export const SIGNING_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * Why a webhook may not go to a URL (a phrase such as "points to 127.0.0.1, a loopback address;
 * …"), or `undefined` when it may. The composition root passes the webhooks domain's egress
 * policy.
 */
export type WebhookUrlCheck = (url: string) => Promise<string | undefined>;

/** Refuses a webhook URL the egress policy refuses: a 400 naming `webhook.url` and the reason. */
export async function checkWebhookUrl(check: WebhookUrlCheck, url: string): Promise<void> {
  const refusal = await check(url);
  if (refusal !== undefined) {
    throw new InvalidRequestError(`\`webhook.url\` ${refusal}.`, 'webhook.url');
  }
}

/**
 * The settings a `PUT` leaves: a webhook set for the first time gets a new signing secret (also
 * answered as `created`, to show once); a changed URL or secret keeps the signing secrets.
 */
export async function nextWebhookSettings(
  ctx: EngineContext,
  tx: StoreWriter,
  current: WebhookSettings | null | undefined,
  params: WebhookSettingsParams,
): Promise<{ settings: WebhookSettings; created?: string }> {
  if (current?.signing_secret) {
    return { settings: { ...current, url: params.url, secret: params.secret } };
  }
  const signingSecret = await newSigningSecret(ctx, tx);
  return {
    settings: {
      url: params.url,
      secret: params.secret,
      signing_secret: signingSecret,
      previous_signing_secret: null,
      previous_signing_secret_expires_at: null,
    },
    created: signingSecret,
  };
}

/** Settings with a new signing secret; the one it replaces still signs for 24 hours. */
export async function rotatedWebhookSettings(
  ctx: EngineContext,
  tx: StoreWriter,
  current: WebhookSettings,
): Promise<WebhookSettings> {
  const replaced = current.signing_secret;
  return {
    ...current,
    signing_secret: await newSigningSecret(ctx, tx),
    previous_signing_secret: replaced ?? null,
    previous_signing_secret_expires_at:
      replaced === undefined ? null : ctx.clock.now() + SIGNING_SECRET_OVERLAP_MS,
  };
}

/**
 * `whsec_` + base64 of 32 bytes from the secret source: seeded in the mock (one secret per
 * sequence number, whatever the order of requests), cryptographic in a deployment.
 */
async function newSigningSecret(ctx: EngineContext, tx: StoreWriter): Promise<string> {
  const seq = await ctx.ids.nextSeq(tx);
  const bytes = ctx.secrets.bytes(`signing-secret:${seq}`, SIGNING_SECRET_BYTES);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${SIGNING_SECRET_PREFIX}${btoa(binary)}`;
}
