// TypeScript: the operation table and client policy the TS clients bundle, in
// packages/client-core/src/generated (their models are the contract's own types).
import { operationsModule } from '../operations/typescript.mjs';

/** The folder this emitter writes; every file in it is generated. */
export const owns = 'packages/client-core/src/generated';

/**
 * @example
 * Object.keys(emit(loadApiModel('packages/contract/openapi.json')));
 * // ['packages/client-core/src/generated/operations.ts']
 * @param {import('../openapi-model.mjs').ApiModel} model
 * @returns {Record<string, string>}
 */
export function emit(model) {
  return { [`${owns}/operations.ts`]: operationsModule(model) };
}
