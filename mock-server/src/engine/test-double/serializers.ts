import type { Fault, RequestJournalEntry } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { FaultRecord } from './faults';
import type { JournalRecord } from './journal';

/** The API form of a fault: its scope by the keys' first characters, never the keys. */
export function faultAnswer(fault: FaultRecord): Fault {
  const { action } = fault;
  return {
    id: fault.id,
    operation: fault.operation,
    api_key: fault.account?.shownKey ?? null,
    account_id: fault.account?.id ?? null,
    public_api_key: fault.publicKey?.shownKey ?? null,
    project_id: fault.publicKey?.projectId ?? null,
    status: action.kind === 'status' ? action.status : null,
    headers: action.kind === 'status' ? { ...action.headers } : {},
    delay_ms: action.kind === 'delay' ? action.ms : null,
    disconnect: action.kind === 'disconnect' ? action.when : null,
    times: fault.times,
    applied: fault.applied,
    created_at: isoTime(fault.createdAt),
  };
}

/** The API form of a journal record (already redacted when it was recorded). */
export function journalEntryAnswer(record: JournalRecord): RequestJournalEntry {
  return {
    id: record.id,
    at: isoTime(record.at),
    operation: record.operation,
    method: record.method,
    path: record.path,
    query: record.query,
    idempotency_key: record.idempotencyKey,
    body: record.body,
    status: record.status,
    duration_ms: record.durationMs,
    fault: record.fault,
  };
}
