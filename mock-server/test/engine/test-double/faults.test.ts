import { describe, expect, it } from 'vitest';
import { type FaultRecord, FaultRegistry } from '../../../src/engine/test-double/faults';

function fault(id: string, operation: string, rest: Partial<FaultRecord> = {}): FaultRecord {
  return {
    id,
    operation,
    action: { kind: 'status', status: 503, headers: {} },
    times: 1,
    applied: 0,
    createdAt: 0,
    ...rest,
  };
}

const account = (id: string) => ({ account: { id, shownKey: 'rq_test_…' } });

describe('FaultRegistry', () => {
  it('applies the first fault that fits, one per request, and drops it when its times run out', () => {
    const faults = new FaultRegistry();
    faults.add(fault('flt_1', 'content.create', { times: 2 }));
    faults.add(fault('flt_2', '*'));
    expect(faults.match('content.create', {})?.id).toBe('flt_1');
    expect(faults.match('content.create', {})?.id).toBe('flt_1');
    expect(faults.match('content.create', {})?.id).toBe('flt_2');
    expect(faults.match('content.create', {})).toBeUndefined();
    expect(faults.empty).toBe(true);
  });

  it('keeps a fault without end (times null) until it is removed, counting what it applied to', () => {
    const faults = new FaultRegistry();
    faults.add(fault('flt_1', 'content.list', { times: null }));
    for (let i = 0; i < 5; i++) expect(faults.match('content.list', {})?.id).toBe('flt_1');
    expect(faults.get('flt_1')?.applied).toBe(5);
    expect(faults.remove('flt_1')).toBe(true);
    expect(faults.remove('flt_1')).toBe(false);
  });

  it("reaches only its scope's callers: another account's requests pass untouched", () => {
    const faults = new FaultRegistry();
    faults.add(fault('flt_a', '*', { times: null, ...account('acct_a') }));
    faults.add(
      fault('flt_p', 'publicArticles.get', {
        times: null,
        publicKey: { fingerprint: 7, shownKey: 'rqp_…', projectId: 'proj_1' },
      }),
    );
    expect(faults.match('content.create', { accountId: 'acct_b' })).toBeUndefined();
    expect(faults.match('content.create', {})).toBeUndefined();
    expect(faults.match('content.create', { accountId: 'acct_a' })?.id).toBe('flt_a');
    expect(faults.match('publicArticles.get', { publicKey: 8 })).toBeUndefined();
    expect(faults.match('publicArticles.get', { publicKey: 7 })?.id).toBe('flt_p');
  });

  it('lists and clears by scope, in matching order', () => {
    const faults = new FaultRegistry();
    faults.add(fault('flt_1', '*', account('acct_a')));
    faults.add(fault('flt_2', '*', account('acct_b')));
    faults.add(fault('flt_3', '*'));
    expect(faults.list({ accountId: 'acct_a' }).map((f) => f.id)).toEqual(['flt_1']);
    expect(faults.list({ accountId: 'acct_a', unscoped: true }).map((f) => f.id)).toEqual(['flt_1', 'flt_3']);
    expect(faults.list().map((f) => f.id)).toEqual(['flt_1', 'flt_2', 'flt_3']);
    expect(faults.clear({ accountId: 'acct_b' })).toBe(1);
    expect(faults.list().map((f) => f.id)).toEqual(['flt_1', 'flt_3']);
    expect(faults.clear()).toBe(2);
  });
});
