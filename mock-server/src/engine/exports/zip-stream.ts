/** A file to put in a ZIP archive, read as it is compressed. */
export interface ZipEntry {
  name: string;
  data: AsyncIterable<Uint8Array>;
}

/**
 * A ZIP archive of `entries`, produced as its files are read: each file is deflated piece by
 * piece with fflate's streaming `Zip` (pure JavaScript, synchronous, no worker), so only the
 * compressor's window is held, never a whole file. Every entry carries `modifiedAt` as its
 * time, so one export gives the same bytes each time.
 *
 * @example
 * ```ts
 * const archive = zipStream([{ name: 'content.csv', data: byteChunks(rows) }], clock.now());
 * for await (const piece of archive) write(piece);
 * ```
 */
export async function* zipStream(
  entries: Iterable<ZipEntry>,
  modifiedAt: number,
): AsyncGenerator<Uint8Array> {
  // Loaded with the first archive: a server that makes none never reads fflate.
  const { Zip, ZipDeflate } = await import('fflate');
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, piece) => {
    if (error) failure = error;
    else ready.push(piece);
  });
  // The callback runs inside push/end, so what it produced is collected right after each call.
  function* produced(): Generator<Uint8Array> {
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    file.mtime = modifiedAt;
    zip.add(file);
    for await (const piece of entry.data) {
      file.push(piece);
      yield* produced();
    }
    file.push(new Uint8Array(0), true);
    yield* produced();
  }
  zip.end();
  yield* produced();
}
