import { APIPromise } from '../core/api-promise';
import { type PageParams, PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import type { ApiCall, Transport } from '../internal/transport';

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
    path: string,
    params: PageParams & object,
    options: RequestOptions | undefined,
  ): PagePromise<Item> {
    return new PagePromise<Item>(
      (page) => this.transport.send({ method: 'GET', path, query: { ...params, ...page }, options }),
      {},
    );
  }
}
