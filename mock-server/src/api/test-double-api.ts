import type { OperationHandler } from './api-types';

/** Handlers of the test double's admin routes: faults (`/__admin/faults`) and the request journal (`/__admin/requests`). */
export const testDoubleApiHandlers: Record<string, OperationHandler> = {
  'admin.faults.create': ({ engine, body }) => engine.testDouble.createFault(body),
  'admin.faults.list': ({ engine, query }) => engine.testDouble.listFaults(query),
  'admin.faults.clear': ({ engine, query }) => engine.testDouble.clearFaults(query),
  'admin.faults.delete': async ({ engine, params }) => engine.testDouble.deleteFault(params.faultId ?? ''),
  'admin.requests.list': ({ engine, query }) => engine.testDouble.listRequests(query),
  'admin.requests.clear': ({ engine, query }) => engine.testDouble.clearRequests(query),
};
