import type { FaultOperation, FaultStatus, RequestJournalEntry } from '@rankquill/contract';

/**
 * What a test needs of a mock server with the test double: a fresh account, its project, and
 * the verbs. One implementation is `startMockServer` (the TS helper, in this process); the other
 * is `rankquill-mock serve` started from the CLI and driven over its admin routes, as the Python,
 * PHP and Ruby helpers drive it.
 */
export interface Harness {
  baseUrl: string;
  apiKey: string;
  projectId: string;
  fail(
    operation: FaultOperation,
    status: FaultStatus,
    options?: { times?: number | null; headers?: Record<string, string> },
  ): Promise<unknown>;
  delay(operation: FaultOperation, ms: number, options?: { times?: number | null }): Promise<unknown>;
  disconnect(
    operation: FaultOperation,
    options?: { afterCommit?: boolean; times?: number | null },
  ): Promise<unknown>;
  requests(filter?: { operation?: string }): Promise<RequestJournalEntry[]>;
  freshAccount(): Promise<Harness>;
  close(): Promise<void>;
}
