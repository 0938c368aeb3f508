import type { z } from 'zod';

/** Which credential an operation takes. */
export type OperationAuth = 'bearer' | 'service-key' | 'admin' | 'none';

/**
 * One HTTP operation of the service: the single description that the OpenAPI document and the
 * server's router are built from. From that document `scripts/models` generates each client's
 * models and its operation table (`scripts/models/operation-table.mjs` writes one per language):
 * the clients' resource methods call the transport through that table by operation id, and one
 * generated check per client replaces the coverage lists once kept by hand.
 */
export interface Operation {
  /** Stable id, `resource.verb`. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Express-style path with `:name` parameters. */
  path: string;
  summary: string;
  tag: string;
  auth: OperationAuth;
  query?: z.ZodObject;
  body?: z.ZodType;
  status: number;
  response?: z.ZodType;
  /** Whether the operation accepts `Idempotency-Key`. */
  idempotent?: boolean;
  /**
   * Media types of a success answer that is a file rather than JSON (exports). `response`, when
   * set, describes the `application/json` variant; the others are documented as strings.
   */
  responseContentTypes?: readonly string[];
  /** Error statuses, where they differ from the usual ones of `auth`. */
  errorStatuses?: readonly number[];
  /** What the operation does, beyond its summary (the document adds its credential and paging). */
  description?: string;
  /**
   * Set on an export in one format at a path of its own (`export.csv`): the operation whose
   * `?format=` it fixes. It answers one media type, which a generated client can type; the
   * clients of this repository call the spec's path with `format` instead.
   */
  formatOf?: { operation: string; format: string };
  /**
   * Served by the mock profile only (its clock, reset, faults and request journal): the
   * production profile answers 404, as for a path no operation has.
   */
  mockOnly?: boolean;
}

/** The path of one project, which every project-scoped operation starts with. */
export const projectPath = '/v1/projects/:projectId';

/** An operation, `Idempotency-Key` accepted by default on the POSTs a bearer key makes. */
export function op(operation: Operation): Operation {
  return { idempotent: operation.method === 'POST' && operation.auth === 'bearer', ...operation };
}
