/** Size the chunks of a streamed file aim at: large enough to keep writes few, small enough to stay cheap. */
export const STREAM_CHUNK_BYTES = 64 * 1024;

const encoder = new TextEncoder();

/**
 * Turns a stream of strings and byte arrays into UTF-8 byte chunks of about `chunkBytes`:
 * many small strings (one per CSV row) are joined before encoding, so a writer sees a few
 * dozen kilobytes at a time; byte arrays pass through after what came before them. `pause` runs
 * before each piece is asked for (`EngineContext.pause`).
 *
 * @example
 * ```ts
 * for await (const chunk of byteChunks(csvRows())) socket.write(chunk);
 * ```
 */
export async function* byteChunks(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  chunkBytes = STREAM_CHUNK_BYTES,
  pause: () => Promise<void> = () => Promise.resolve(),
): AsyncGenerator<Uint8Array> {
  let pending: string[] = [];
  let pendingLength = 0;
  for await (const piece of source) {
    // Each piece (a CSV row, an article) may take a while to make: let the host breathe between them.
    await pause();
    if (typeof piece === 'string') {
      if (piece === '') continue;
      pending.push(piece);
      // UTF-16 length is a lower bound of the UTF-8 size: the chunk may come out a little larger.
      pendingLength += piece.length;
      if (pendingLength >= chunkBytes) {
        yield encoder.encode(pending.join(''));
        pending = [];
        pendingLength = 0;
      }
      continue;
    }
    if (pendingLength > 0) {
      yield encoder.encode(pending.join(''));
      pending = [];
      pendingLength = 0;
    }
    if (piece.byteLength > 0) yield piece;
  }
  if (pendingLength > 0) yield encoder.encode(pending.join(''));
}

/**
 * Cuts a byte stream into chunks of exactly `size` bytes (the last one may be shorter), as
 * the export file store keeps them.
 *
 * @example
 * ```ts
 * for await (const block of fixedSizeChunks(zipBytes, 256 * 1024)) await saveChunk(block);
 * ```
 */
export async function* fixedSizeChunks(
  source: AsyncIterable<Uint8Array>,
  size: number,
): AsyncGenerator<Uint8Array> {
  let buffer = new Uint8Array(size);
  let filled = 0;
  for await (const piece of source) {
    let offset = 0;
    while (offset < piece.byteLength) {
      const take = Math.min(size - filled, piece.byteLength - offset);
      buffer.set(piece.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === size) {
        yield buffer;
        buffer = new Uint8Array(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield buffer.slice(0, filled);
}
