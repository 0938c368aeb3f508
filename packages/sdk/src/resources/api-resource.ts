import { type ApiCall, type PathTemplate, sleep, type Transport } from '@rankquill/client-core';
import { APIPromise } from '../core/api-promise';
import { APIUserAbortError } from '../core/errors/connection-errors';
import { type PageParams, PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';

/** Base of every resource: the verbs turned into API calls. */
export abstract class APIResource {
  /**
   * The client creates its resources; there is no need to construct one.
   * @internal
   */
  constructor(protected readonly transport: Transport) {}

  protected call<T>(call: ApiCall): APIPromise<T> {
    return new APIPromise(this.transport.send<T>(call));
  }

  protected paginate<Item>(
    operation: string,
    path: PathTemplate | string,
    params: PageParams & object,
    options: RequestOptions | undefined,
  ): PagePromise<Item> {
    return new PagePromise<Item>(
      (query) => this.transport.send({ operation, method: 'GET', path, query, options }),
      params,
    );
  }

  /** Waits between polls; the call's `signal` ends the wait with `APIUserAbortError`. */
  protected pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return sleep(ms, signal, (reason) => new APIUserAbortError({ cause: reason }));
  }
}
