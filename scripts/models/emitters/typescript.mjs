// TypeScript: the operation table and client policy the TS clients bundle, in
// packages/client-core/src/generated (their models are the contract's own types), and the
// fields of every webhook event the receiver checks, in packages/webhooks/src/generated.
import { eventFieldsModule } from '../event-fields/typescript.mjs';
import { operationsModule } from '../operations/typescript.mjs';

/** The folders this emitter writes; every file in them is generated. */
export const owns = ['packages/client-core/src/generated', 'packages/webhooks/src/generated'];

/**
 * @example
 * Object.keys(emit(loadApiModel('packages/contract/openapi.json')));
 * // ['packages/client-core/src/generated/operations.ts', 'packages/webhooks/src/generated/event-fields.ts']
 * @param {import('../openapi-model.mjs').ApiModel} model
 * @returns {Record<string, string>}
 */
export function emit(model) {
  const [clientCore, webhooks] = owns;
  return {
    [`${clientCore}/operations.ts`]: operationsModule(model),
    [`${webhooks}/event-fields.ts`]: eventFieldsModule(model),
  };
}
