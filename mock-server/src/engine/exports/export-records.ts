import type { BulkExportFormat, BulkExportType } from '@rankquill/contract';

/** A bulk export as the store keeps it; times are milliseconds since the epoch. */
export interface ExportRecord {
  id: string;
  seq: number;
  project_id: string;
  status: 'pending' | 'processing' | 'ready' | 'failed' | 'expired';
  types: BulkExportType[];
  format: BulkExportFormat;
  /** Inclusive UTC days, `YYYY-MM-DD`; null for everything. */
  date_range: { from: string; to: string } | null;
  filename: string;
  content_type: string;
  size_bytes: number | null;
  /** Number of rows in `export_chunks` once ready. */
  chunk_count: number | null;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  /** When a ready export's file is deleted. */
  expires_at: number | null;
  failure_reason: string | null;
}

/**
 * One fixed-size piece of an export's file, base64 in a JSON row: the file is written piece by
 * piece while it is made, and read back piece by piece when downloaded, so neither holds it whole.
 */
export interface ExportChunkRecord {
  /** `<export id>:<index, 6 digits>`. */
  id: string;
  export_id: string;
  index: number;
  data: string;
}
