import {
  AdminClearResult,
  Fault,
  FaultCreateParams,
  FaultList,
  FaultScopeQuery,
  RequestJournalList,
  RequestJournalQuery,
} from '../test-double';
import { Deleted } from './deleted';
import { type Operation, op } from './operation';

/**
 * The mock as a test double (mock profile only): faults injected into chosen operations, and the
 * journal of the requests that arrived. Both live in the server process that received them.
 */
export const testDoubleOperations = [
  op({
    id: 'admin.faults.create',
    method: 'POST',
    path: '/__admin/faults',
    summary: 'Inject a fault: an error status, a delay or a closed connection',
    tag: 'Admin',
    auth: 'admin',
    mockOnly: true,
    body: FaultCreateParams,
    status: 201,
    response: Fault,
    description:
      "Makes the next matching requests (`times`, default 1; `null` until removed) to `operation` answer an injected `status` with the service's own error body, answer after `delay_ms`, or `disconnect` before or after the operation commits. Scoped to one account (`api_key`), one public key (`public_api_key`) or every caller. Faults match in the order they were made, one per request. An unknown operation id, key or a wrong combination is a 400 naming the field.",
  }),
  op({
    id: 'admin.faults.list',
    method: 'GET',
    path: '/__admin/faults',
    summary: 'List the active faults',
    tag: 'Admin',
    auth: 'admin',
    mockOnly: true,
    query: FaultScopeQuery,
    status: 200,
    response: FaultList,
    description:
      'The active faults in the order they match; `api_key` or `public_api_key` keeps those scoped to it.',
  }),
  op({
    id: 'admin.faults.clear',
    method: 'DELETE',
    path: '/__admin/faults',
    summary: 'Remove every fault, or those of one scope',
    tag: 'Admin',
    auth: 'admin',
    mockOnly: true,
    query: FaultScopeQuery,
    status: 200,
    response: AdminClearResult,
    description:
      "Removes every fault, or with `api_key` or `public_api_key` only the faults scoped to it (a test's teardown).",
  }),
  op({
    id: 'admin.faults.delete',
    method: 'DELETE',
    path: '/__admin/faults/:faultId',
    summary: 'Remove one fault',
    tag: 'Admin',
    auth: 'admin',
    mockOnly: true,
    status: 200,
    response: Deleted,
    errorStatuses: [400, 401, 403, 404, 500],
  }),
  op({
    id: 'admin.requests.list',
    method: 'GET',
    path: '/__admin/requests',
    summary: 'The request journal, newest first',
    tag: 'Admin',
    auth: 'admin',
    mockOnly: true,
    query: RequestJournalQuery,
    status: 200,
    response: RequestJournalList,
    description:
      "The requests this server process received (admin routes excepted), newest first, with what each carried and how it was answered. `api_key` keeps the requests of that key's account, `public_api_key` those made with that public key (given both, either), `operation` those to one operation. Keys, webhook secrets and signing secrets appear as their first 8 characters and `…`. The journal keeps the last 10,000 requests by default (`serve --journal-size N`; 0 turns it off).",
  }),
  op({
    id: 'admin.requests.clear',
    method: 'DELETE',
    path: '/__admin/requests',
    summary: "Empty the request journal, or forget one scope's requests",
    tag: 'Admin',
    auth: 'admin',
    mockOnly: true,
    query: FaultScopeQuery,
    status: 200,
    response: AdminClearResult,
  }),
] as const satisfies readonly Operation[];
