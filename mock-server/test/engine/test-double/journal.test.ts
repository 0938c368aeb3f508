import { describe, expect, it } from 'vitest';
import { type JournalRecord, RequestJournal } from '../../../src/engine/test-double/journal';

function entry(n: number, scope: Partial<JournalRecord> = {}): JournalRecord {
  return {
    id: `req_${n}`,
    at: n,
    operation: 'content.list',
    method: 'GET',
    path: '/v1/projects/p/content',
    query: {},
    idempotencyKey: null,
    body: null,
    status: 200,
    durationMs: 1,
    fault: null,
    accountId: undefined,
    publicKey: undefined,
    ...scope,
  };
}

const ids = (records: JournalRecord[]) => records.map((record) => record.id);

describe('RequestJournal', () => {
  it('keeps the last `capacity` requests, newest first', () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 5; n++) journal.record(entry(n));
    const { records, total } = journal.list({}, 10, 0);
    expect(ids(records)).toEqual(['req_5', 'req_4', 'req_3']);
    expect(total).toBe(3);
  });

  it('pages, and filters by account, public key (either when both) and operation', () => {
    const journal = new RequestJournal(100);
    journal.record(entry(1, { accountId: 'acct_a' }));
    journal.record(entry(2, { accountId: 'acct_b' }));
    journal.record(entry(3, { publicKey: 42, operation: 'publicArticles.get' }));
    journal.record(entry(4, { accountId: 'acct_a', operation: 'content.create' }));
    expect(ids(journal.list({ accountId: 'acct_a' }, 10, 0).records)).toEqual(['req_4', 'req_1']);
    expect(ids(journal.list({ accountId: 'acct_a', publicKeys: [42] }, 10, 0).records)).toEqual([
      'req_4',
      'req_3',
      'req_1',
    ]);
    expect(ids(journal.list({ accountId: 'acct_a', operation: 'content.create' }, 10, 0).records)).toEqual([
      'req_4',
    ]);
    const page = journal.list({}, 2, 1);
    expect(ids(page.records)).toEqual(['req_3', 'req_2']);
    expect(page.total).toBe(4);
  });

  it("clears one scope's requests and keeps the others in order, or all", () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 4; n++) journal.record(entry(n, { accountId: n % 2 ? 'acct_a' : 'acct_b' }));
    expect(journal.clear({ accountId: 'acct_a' })).toBe(1);
    expect(ids(journal.list({}, 10, 0).records)).toEqual(['req_4', 'req_2']);
    journal.record(entry(5));
    journal.record(entry(6));
    expect(ids(journal.list({}, 10, 0).records)).toEqual(['req_6', 'req_5', 'req_4']);
    expect(journal.clear()).toBe(3);
    expect(journal.list({}, 10, 0).total).toBe(0);
  });

  it('keeps path, query and Idempotency-Key redacted, and a clear leaves what stays as it was', () => {
    const journal = new RequestJournal(10);
    const key = 'rqp_Zt0PWZb3X1p9cQ8wT4rYk2mN6vB5nJ7h';
    journal.record({
      ...entry(1, { accountId: 'acct_a' }),
      path: `/public-article-api/${key}`,
      query: { api_key: 'rq_test_abcdefghijklmnop', note: [key, 'x'] },
      idempotencyKey: `retry-${key}`,
    });
    journal.record(entry(2, { accountId: 'acct_b' }));
    const redacted = {
      path: '/public-article-api/rqp_Zt0P…',
      query: { api_key: 'rq_test_…', note: 'rqp_Zt0P…' },
    };
    expect(journal.list({ accountId: 'acct_a' }, 1, 0).records[0]).toMatchObject({
      ...redacted,
      idempotencyKey: 'retry-rqp_Zt0P…',
    });
    journal.clear({ accountId: 'acct_b' });
    expect(journal.list({}, 10, 0).records).toEqual([expect.objectContaining(redacted)]);
  });

  it('records nothing with a capacity of 0', () => {
    const journal = new RequestJournal(0);
    journal.record(entry(1));
    expect(journal.enabled).toBe(false);
    expect(journal.list({}, 10, 0)).toEqual({ records: [], total: 0 });
  });
});
