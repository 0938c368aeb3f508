import { CLIENT_POLICY, type Transport } from '@rankquill/client-core';
import type {
  BulkExport,
  BulkExportCreateParams,
  BulkExportFormat,
  BulkExportType,
  ExportDateRange,
  ExportStatus,
} from '@rankquill/contract';
import type { APIPromise } from '../core/api-promise';
import { RankquillError } from '../core/errors/rankquill-error';
import { WaitTimeoutError } from '../core/errors/wait-timeout-error';
import type { ExportFile } from '../core/export-file';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from './api-resource';

export type {
  BulkExport,
  BulkExportCreateParams,
  BulkExportFormat,
  BulkExportType,
  ExportDateRange,
  ExportStatus,
};

/** Options of `exports.createAndWait()`, on top of the per-call options of each request. */
export interface ExportWaitOptions extends RequestOptions {
  /** Milliseconds between polls (default 1 000). */
  pollInterval?: number;
  /** Milliseconds to wait in all before giving up with `WaitTimeoutError` (default 10 minutes). */
  waitTimeout?: number;
}

const { polling } = CLIENT_POLICY;

/**
 * Asynchronous bulk exports of a project: JSON, a ZIP of CSVs or a PDF report, made in the
 * background and downloaded through a signed URL that needs no API key.
 * @example
 * ```ts
 * const exp = await client.exports.createAndWait('proj_123', { types: ['content'], format: 'json' });
 * const file = await client.exports.download(exp);
 * ```
 */
export class Exports extends APIResource {
  /**
   * The client creates its resources; there is no need to construct one.
   * @internal
   */
  constructor(
    transport: Transport,
    /** The main API address, ending in `/v1`. */
    private readonly baseURL: string,
  ) {
    super(transport);
  }

  /**
   * Starts a bulk export; it answers at once with `status: 'pending'`. Poll `retrieve` (or use
   * `createAndWait`) until it is `ready`, then `download` it.
   *
   * @example
   * ```ts
   * const started = await client.exports.create('proj_123', {
   *   types: ['content', 'keywords'],
   *   format: 'csv',
   *   date_range: { from: '2026-01-01', to: '2026-01-31' },
   * });
   * ```
   */
  create(
    projectId: string,
    params: BulkExportCreateParams,
    options?: RequestOptions,
  ): APIPromise<BulkExport> {
    return this.#create('exports.create', projectId, params, options);
  }

  /**
   * Gets a bulk export. A `ready` one carries a freshly signed `download_url`, valid for an hour.
   *
   * @example
   * ```ts
   * const exp = await client.exports.retrieve('proj_123', 'exp_456');
   * if (exp.status === 'ready') console.log(exp.download_url);
   * ```
   */
  retrieve(projectId: string, exportId: string, options?: RequestOptions): APIPromise<BulkExport> {
    return this.call({
      operation: 'exports.retrieve',
      ids: [projectId, exportId],
      options,
    });
  }

  /**
   * Starts a bulk export and polls until it leaves `pending` and `processing`, then returns it:
   * `ready` (download it) or `failed` (see `failure_reason`). Throws `WaitTimeoutError` when
   * `waitTimeout` runs out first.
   *
   * @example
   * ```ts
   * const exp = await client.exports.createAndWait('proj_123', { types: ['content'], format: 'json' });
   * if (exp.status === 'ready') {
   *   const file = await client.exports.download(exp);
   *   const document = await file.json();
   * }
   * ```
   */
  async createAndWait(
    projectId: string,
    params: BulkExportCreateParams,
    options: ExportWaitOptions = {},
  ): Promise<BulkExport> {
    const {
      pollInterval = polling.exportIntervalMs,
      waitTimeout = polling.waitTimeoutMs,
      ...requestOptions
    } = options;
    const started = Date.now();
    const deadline = started + waitTimeout;
    let current = await this.#create('exports.createAndWait', projectId, params, requestOptions);
    const { idempotencyKey: _, ...pollOptions } = requestOptions;
    while (current.status === 'pending' || current.status === 'processing') {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new WaitTimeoutError(current.id, Date.now() - started, current.status);
      await this.pause(Math.min(pollInterval, remaining), options.signal);
      current = await this.retrieve(projectId, current.id, pollOptions);
    }
    return current;
  }

  /**
   * Downloads the file of a ready export, from the export itself or its `download_url`. The URL
   * carries a signed token, so no API key is sent with it; a link past its hour throws
   * `AuthenticationError`: retrieve the export again for a fresh one.
   *
   * @example
   * ```ts
   * const exp = await client.exports.createAndWait('proj_123', { types: ['content'], format: 'pdf' });
   * const file = await client.exports.download(exp);
   * await writeFile(file.filename ?? 'report.pdf', new Uint8Array(await file.arrayBuffer()));
   * ```
   */
  download(exportOrUrl: BulkExport | string, options?: RequestOptions): APIPromise<ExportFile> {
    const url = typeof exportOrUrl === 'string' ? exportOrUrl : readyUrl(exportOrUrl);
    return this.file({
      operation: 'exports.download',
      url: absoluteUrl(url, this.baseURL),
      options: { ...options, headers: { ...options?.headers, authorization: null } },
    });
  }

  /** Starts the work on the server; `caller` is the method the user called, for errors. */
  #create(
    caller: string,
    projectId: string,
    params: BulkExportCreateParams,
    options: RequestOptions | undefined,
  ): APIPromise<BulkExport> {
    return this.call({
      operation: 'exports.create',
      caller,
      ids: [projectId],
      body: params,
      options,
    });
  }
}

function readyUrl(exp: BulkExport): string {
  if (exp.status !== 'ready' || !exp.download_url) {
    throw new RankquillError(
      `Export ${exp.id} is ${exp.status}, not ready: wait for it with exports.createAndWait() or retrieve it until its status is 'ready'.`,
    );
  }
  return exp.download_url;
}

/** A download URL the server gave as a path (it did not know its own address) lives beside the API's. */
function absoluteUrl(url: string, baseURL: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (!url.startsWith('/')) {
    throw new RankquillError(`download needs an export or its download_url; got ${JSON.stringify(url)}.`);
  }
  const apiPath = CLIENT_POLICY.basePaths.api;
  return (baseURL.endsWith(apiPath) ? baseURL.slice(0, -apiPath.length) : baseURL) + url;
}
