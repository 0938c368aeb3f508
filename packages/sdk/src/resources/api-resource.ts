import { type ApiCall, sleep, type Transport } from '@rankquill/client-core';
import { APIPromise } from '../core/api-promise';
import { APIUserAbortError } from '../core/errors/connection-errors';
import type { ExportFile } from '../core/export-file';
import { type PageParams, PagePromise } from '../core/pagination';
import { fileCall } from '../internal/file-call';

/** A call of a resource method: its operation and values (`url` and `raw` are the transport's). */
export type ResourceCall = Omit<ApiCall, 'url' | 'raw'>;

/** Base of every resource: the verbs turned into API calls. */
export abstract class APIResource {
  /**
   * The client creates its resources; there is no need to construct one.
   * @internal
   */
  constructor(protected readonly transport: Transport) {}

  /** Calls an operation that answers JSON. */
  protected call<T>(call: ResourceCall): APIPromise<T> {
    return new APIPromise(this.transport.send<T>(call));
  }

  /** Calls a list operation: the first page, whose `query` (filters, `limit`, `offset`) the next pages keep. */
  protected paginate<Item>(call: ResourceCall & { query: PageParams & object }): PagePromise<Item> {
    return new PagePromise<Item>((query) => this.transport.send({ ...call, query }), call.query);
  }

  /** Calls an operation that answers a file, handed back unread. */
  protected file(call: ApiCall): APIPromise<ExportFile> {
    return fileCall(this.transport, call);
  }

  /** Waits between polls; the call's `signal` ends the wait with `APIUserAbortError`. */
  protected pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return sleep(ms, signal, (reason) => new APIUserAbortError({ cause: reason }));
  }
}
