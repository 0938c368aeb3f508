import type { StoreSchema } from '../store/store';

/** The engine's tables and the columns its queries filter and order on. */
export const engineSchema = {
  meta: { columns: [] },
  accounts: { columns: ['api_key_hash'], indexes: [['api_key_hash']] },
  projects: {
    columns: ['account_id', 'public_api_key', 'seq'],
    indexes: [['account_id', 'seq'], ['public_api_key']],
  },
  content: {
    columns: ['project_id', 'status', 'slug', 'published_at', 'seq'],
    indexes: [
      ['project_id', 'status', 'published_at', 'seq'],
      ['project_id', 'seq'],
      ['project_id', 'slug'],
    ],
  },
  jobs: {
    columns: ['due_at', 'seq', 'kind', 'subject_id', 'lane'],
    indexes: [['due_at', 'seq'], ['subject_id'], ['lane', 'due_at', 'seq']],
  },
  deliveries: {
    columns: ['project_id', 'status', 'seq', 'content_id'],
    indexes: [
      ['project_id', 'seq'],
      ['content_id', 'status'],
    ],
  },
  activity: { columns: ['project_id', 'created_at', 'seq'], indexes: [['project_id', 'created_at', 'seq']] },
  idempotency: { columns: ['expires_at'], indexes: [['expires_at']] },
} as const satisfies StoreSchema;
