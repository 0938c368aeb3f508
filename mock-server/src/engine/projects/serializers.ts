import type { Project, ProjectWebhook } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { ProjectRecord, WebhookSettings } from '../kernel/records';

/**
 * The API form of a project. `signingSecret` is shown only in the answer of the `PUT` that
 * created it.
 */
export function projectResource(project: ProjectRecord, signingSecret?: string): Project {
  return {
    id: project.id,
    name: project.name,
    domain: project.domain,
    language: project.language,
    brand_names: project.brand_names,
    public_api_key: project.public_api_key,
    // The secret is never shown: it is the customer's, and only the receiver needs it.
    webhook: project.webhook ? webhookResource(project.webhook, signingSecret) : null,
    created_at: isoTime(project.created_at),
    updated_at: isoTime(project.updated_at),
  };
}

function webhookResource(webhook: WebhookSettings, signingSecret: string | undefined): ProjectWebhook {
  const expiresAt = webhook.previous_signing_secret_expires_at;
  return {
    url: webhook.url,
    secret_set: true,
    signing_secret_set: webhook.signing_secret !== undefined,
    ...(signingSecret === undefined ? {} : { signing_secret: signingSecret }),
    previous_signing_secret_expires_at:
      expiresAt === null || expiresAt === undefined ? null : isoTime(expiresAt),
  };
}
