/**
 * A file the API answered instead of JSON (an export). Stream it with `body`, or read it whole
 * with `text()`, `arrayBuffer()` or `json()`; the body can be read once.
 *
 * @example
 * ```ts
 * const file = await client.content.export('proj_123', { format: 'csv' });
 * console.log(file.filename, file.contentType); // 'acme-content-2026-01-31.csv' 'text/csv'
 * await pipeline(Readable.fromWeb(file.body!), createWriteStream(file.filename!));
 * ```
 */
export class ExportFile {
  /** The name the server suggests saving the file under (`Content-Disposition`), when it gave one. */
  readonly filename: string | undefined;
  /** The media type without its parameters, such as `text/csv` or `application/zip`. */
  readonly contentType: string | undefined;

  constructor(
    /** The Fetch API response; its body has not been read. */
    readonly response: Response,
  ) {
    this.filename = filenameOf(response.headers.get('content-disposition'));
    this.contentType = response.headers.get('content-type')?.split(';')[0]?.trim() || undefined;
  }

  /**
   * The file as a stream of bytes, read as it arrives: a large export never has to fit in memory.
   *
   * @example
   * ```ts
   * for await (const chunk of file.body!) bytes += chunk.byteLength;
   * ```
   */
  get body(): ReadableStream<Uint8Array> | null {
    return this.response.body;
  }

  /**
   * The whole file as text (UTF-8).
   * @example
   * ```ts
   * const csv = await (await client.keywords.export('proj_123')).text();
   * ```
   */
  text(): Promise<string> {
    return this.response.text();
  }

  /**
   * The whole file as bytes, such as a ZIP or a PDF.
   * @example
   * ```ts
   * const zip = new Uint8Array(await file.arrayBuffer());
   * ```
   */
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.response.arrayBuffer();
  }

  /**
   * The whole file parsed as JSON (the `json` formats).
   * @example
   * ```ts
   * const { articles } = await (await client.content.export('proj_123', { format: 'json' })).json<ContentExport>();
   * ```
   */
  async json<T = unknown>(): Promise<T> {
    return JSON.parse(await this.response.text()) as T;
  }
}

/** The file name of `attachment; filename="…"` (or RFC 6266 `filename*=UTF-8''…`). */
function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
}
