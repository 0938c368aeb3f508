import type { Keyword } from '@rankquill/contract';
import type { StoreReader } from '../../store/store';
import type { DatePeriod } from '../ai-visibility/ai-visibility';
import type { AiVisibilitySource } from './ai-visibility-export';
import type { CreatedWithin } from './content-export';
import type { ExportRecord } from './export-records';

/** What the sections of a bulk export are read from. */
export interface BulkExportSections {
  store: StoreReader;
  /** The project's keywords with their latest figures, a page at a time. */
  keywordPages(): Promise<AsyncIterable<Keyword[]>>;
  aiVisibility: AiVisibilitySource;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The creation instants a `date_range` covers: from the start of `from` to the end of `to`, UTC. */
export function dateRangeInstants(range: ExportRecord['date_range']): CreatedWithin | undefined {
  if (!range) return undefined;
  return { from: Date.parse(`${range.from}T00:00:00Z`), until: Date.parse(`${range.to}T00:00:00Z`) + DAY_MS };
}

/** Days of AI-visibility data a bulk export covers: its `date_range`, or the service's default (the last 30 days). */
export function visibilityPeriod(range: ExportRecord['date_range']): DatePeriod | undefined {
  return range ? { from: range.from, to: range.to } : undefined;
}
