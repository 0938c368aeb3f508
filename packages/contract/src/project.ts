import { z } from 'zod';
import { NOT_BLANK, Timestamp } from './common';
import { named } from './registry';

/** Language codes are BCP 47 primary tags with an optional region: `en`, `nl`, `pt-BR`. */
export const LanguageCode = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { error: 'must be a language code such as en, fr or pt-BR' });

/** Longest webhook secret the service stores. */
export const WEBHOOK_SECRET_MAX_LENGTH = 256;

export const ProjectWebhook = named(
  'ProjectWebhook',
  'The webhook of a project as the API shows it: the URL, and whether its secrets are set. The secret is never shown; the signing secret only once, in the answer of the `PUT` that first sets the webhook (and of a rotation).',
  z.object({
    url: z.string().describe('Events are POSTed here.'),
    secret_set: z
      .literal(true)
      .describe('A secret is set; it is sent as `x-service-key` with every delivery.'),
    signing_secret_set: z
      .boolean()
      .describe(
        'A signing secret signs every delivery (`webhook-signature`). False only for a webhook set before the service generated signing secrets; rotate to get one.',
      ),
    signing_secret: z
      .string()
      .optional()
      .describe(
        'The signing secret (`whsec_` + base64 of 32 random bytes; the HMAC key is the decoded bytes, per Standard Webhooks). Only in the answer of the `PUT` that first sets the webhook: store it then, or rotate to get a new one.',
      ),
    previous_signing_secret_expires_at: Timestamp.nullable().describe(
      'After a rotation: until when deliveries also carry a signature by the replaced signing secret; null otherwise.',
    ),
  }),
);
export type ProjectWebhook = z.infer<typeof ProjectWebhook>;

export const WebhookSettingsParams = named(
  'WebhookSettingsParams',
  'Webhook settings sent in `PUT /projects/:projectId` as `webhook`. Both fields are required; send `"webhook": null` to remove the webhook.',
  z.strictObject({
    url: z
      .url({
        error: 'must be an absolute http(s) URL such as https://example.com/webhook',
        protocol: /^https?$/,
      })
      .max(2048, { error: 'must be at most 2048 characters' })
      .describe('Absolute http(s) URL that receives the events.'),
    secret: z
      .string({ error: 'must be a string' })
      .min(1, { error: 'must not be empty' })
      .max(WEBHOOK_SECRET_MAX_LENGTH, { error: `must be at most ${WEBHOOK_SECRET_MAX_LENGTH} characters` })
      .regex(/^[\x21-\x7e]*$/, {
        error: 'must be printable ASCII without spaces, because it is sent in the x-service-key header',
      })
      .describe(
        'Shared secret, sent verbatim as `x-service-key` with every delivery (spec 5). It is not the key of `webhook-signature`: that is the signing secret the service generates.',
      ),
  }),
);
export type WebhookSettingsParams = z.input<typeof WebhookSettingsParams>;

export const Project = named(
  'Project',
  'A project: one site whose content, keywords and AI visibility the service manages.',
  z.object({
    id: z.string().describe('Project id, `proj_…`.'),
    name: z.string(),
    domain: z.string().describe('Host name of the site, such as `example.com`.'),
    language: z.string().describe('Language code of the project, such as `en` or `nl`.'),
    brand_names: z.array(z.string()).describe('Names that count as a mention of the brand.'),
    public_api_key: z.string().describe('Key of the public article API for this project.'),
    webhook: ProjectWebhook.nullable().describe('Where events are delivered; null when no webhook is set.'),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type Project = z.infer<typeof Project>;

const name = z
  .string({ error: 'must be a string' })
  .max(200, { error: 'must be at most 200 characters' })
  .regex(NOT_BLANK, { error: 'must not be empty' })
  .trim();
// Checked as sent (white space around it and capitals allowed), then trimmed and lower-cased.
const domain = z
  .string({ error: 'must be a string' })
  .regex(/^\s*(?=\S{1,253}\s*$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}\s*$/, {
    error: 'must be a host name such as example.com, without scheme or path',
  })
  .trim()
  .toLowerCase();
const brandNames = z
  .array(z.string().max(100).regex(NOT_BLANK, { error: 'must not be empty' }).trim(), {
    error: 'must be an array of strings',
  })
  .max(20, { error: 'must hold at most 20 names' });

export const ProjectCreateParams = named(
  'ProjectCreateParams',
  'Body of POST /projects.',
  z.strictObject({
    name,
    domain,
    language: LanguageCode.default('en'),
    brand_names: brandNames.optional(),
  }),
);
export type ProjectCreateParams = z.input<typeof ProjectCreateParams>;

export const ProjectUpdateParams = named(
  'ProjectUpdateParams',
  'Body of PUT /projects/:projectId. Every field is optional; absent fields keep their value.',
  z.strictObject({
    name: name.optional(),
    domain: domain.optional(),
    language: LanguageCode.optional(),
    brand_names: brandNames.optional(),
    webhook: WebhookSettingsParams.nullable()
      .optional()
      .describe('Set the webhook (`{"url", "secret"}`), or remove it with null.'),
  }),
);
export type ProjectUpdateParams = z.input<typeof ProjectUpdateParams>;

export const PublicApiKeyRotation = named(
  'PublicApiKeyRotation',
  'Answer of POST /projects/:projectId/public-api-key/rotate.',
  z.object({ public_api_key: z.string() }),
);
export type PublicApiKeyRotation = z.infer<typeof PublicApiKeyRotation>;

export const WebhookSigningSecretRotation = named(
  'WebhookSigningSecretRotation',
  'Answer of POST /projects/:projectId/webhook/signing-secret/rotate: the new signing secret, shown this once. For 24 hours each delivery carries signatures by both the new and the replaced one.',
  z.object({
    signing_secret: z.string().describe('The new signing secret, `whsec_` + base64 of 32 random bytes.'),
    previous_signing_secret_expires_at: Timestamp.nullable().describe(
      'Until when deliveries also carry a signature by the replaced signing secret (24 hours from now on the server clock); null when there was none.',
    ),
  }),
);
export type WebhookSigningSecretRotation = z.infer<typeof WebhookSigningSecretRotation>;
