import type { ApiCall, Transport } from '@rankquill/client-core';
import { APIPromise } from '../core/api-promise';
import { ExportFile } from '../core/export-file';

/**
 * Sends a call whose answer is a file: the 2xx response comes back unread, wrapped in an
 * `ExportFile`; errors, retries and `.withResponse()` work as for JSON calls.
 */
export function fileCall(transport: Transport, call: ApiCall): APIPromise<ExportFile> {
  const options = { ...call.options, headers: { accept: '*/*', ...call.options?.headers } };
  return new APIPromise(
    transport
      .send<undefined>({ ...call, options, raw: true })
      .then(({ response }) => ({ data: new ExportFile(response), response })),
  );
}
