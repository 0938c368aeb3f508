import type { z } from 'zod';
import { ErrorBody } from './common';
import type { Operation } from './operations/operation';
import { serviceOperations } from './operations/service';
import { testDoubleOperations } from './operations/test-double';
import { PublicErrorBody } from './public-article';

export { Deleted } from './operations/deleted';
export type { Operation, OperationAuth } from './operations/operation';
export { serviceOperations } from './operations/service';

/**
 * Every operation of the service, in the order of the documentation: projects and their
 * webhooks, content, keywords, AI visibility, exports, then the public article API and admin, and
 * the mock's test double (faults and the request journal).
 */
export const operations = [
  ...serviceOperations,
  ...testDoubleOperations,
] as const satisfies readonly Operation[];

export type OperationId = (typeof operations)[number]['id'];

/**
 * The error body an operation answers with when it fails.
 * @example
 * ```ts
 * errorBodyOf({ auth: 'publicKey' }); // the public article API's { error } body
 * ```
 */
export function errorBodyOf(operation: Pick<Operation, 'auth'>): z.ZodType {
  return operation.auth === 'service-key' ? PublicErrorBody : ErrorBody;
}
