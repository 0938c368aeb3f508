import type { Project } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { ProjectRecord } from '../kernel/records';

/** The API form of a project. */
export function projectResource(project: ProjectRecord): Project {
  return {
    id: project.id,
    name: project.name,
    domain: project.domain,
    language: project.language,
    brand_names: project.brand_names,
    public_api_key: project.public_api_key,
    // The secret is never shown: it is the customer's, and only the receiver needs it.
    webhook: project.webhook ? { url: project.webhook.url, secret_set: true } : null,
    created_at: isoTime(project.created_at),
    updated_at: isoTime(project.updated_at),
  };
}
