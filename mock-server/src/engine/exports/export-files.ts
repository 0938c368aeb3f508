import type { Store, StoreWriter } from '../../store/store';
import { fromBase64, toBase64 } from './base64';
import { fixedSizeChunks } from './byte-chunks';
import type { ExportChunkRecord } from './export-records';

/** Bytes per stored piece of an export's file (base64 makes each row about a third larger). */
export const EXPORT_CHUNK_BYTES = 256 * 1024;

/**
 * Where finished export files live: the `export_chunks` table, in fixed-size pieces. A download
 * is then a snapshot that survives a restart, and no step holds a whole file in memory.
 *
 * @example
 * ```ts
 * const files = new ExportFiles(store);
 * const { size, chunks } = await files.write('exp_123', bytes);
 * for await (const piece of files.read('exp_123', chunks)) response.write(piece);
 * ```
 */
export class ExportFiles {
  constructor(
    private readonly store: Store,
    private readonly chunkBytes = EXPORT_CHUNK_BYTES,
  ) {}

  /** Stores `bytes` as the file of `exportId`, one transaction per piece; answers its size and piece count. */
  async write(exportId: string, bytes: AsyncIterable<Uint8Array>): Promise<{ size: number; chunks: number }> {
    let size = 0;
    let index = 0;
    for await (const piece of fixedSizeChunks(bytes, this.chunkBytes)) {
      const row: ExportChunkRecord = {
        id: chunkId(exportId, index),
        export_id: exportId,
        index,
        data: toBase64(piece),
      };
      await this.store.transaction((tx) => tx.insert('export_chunks', row));
      size += piece.byteLength;
      index++;
    }
    return { size, chunks: index };
  }

  /** The file of `exportId`, piece by piece; fails if a piece is gone (the export expired meanwhile). */
  async *read(exportId: string, chunks: number): AsyncGenerator<Uint8Array> {
    for (let index = 0; index < chunks; index++) {
      const row = await this.store.get<ExportChunkRecord>('export_chunks', chunkId(exportId, index));
      if (!row)
        throw new Error(`piece ${index} of export ${exportId} is missing; the export may have expired`);
      yield fromBase64(row.data);
    }
  }

  /** Deletes the file of `exportId` (a retried job starts over; an expired export frees its space). */
  async remove(tx: StoreWriter, exportId: string): Promise<void> {
    await tx.deleteWhere('export_chunks', { export_id: exportId });
  }
}

function chunkId(exportId: string, index: number): string {
  return `${exportId}:${String(index).padStart(6, '0')}`;
}
