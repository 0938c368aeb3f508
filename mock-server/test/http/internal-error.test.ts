import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine';
import { MANUAL_CLOCK_START, ManualClock } from '../../src/engine/kernel/clock';
import { engineSchema } from '../../src/engine/kernel/schema';
import { createApp } from '../../src/http/app';
import { createMemoryStore } from '../../src/store/memory';
import type { Store, StoreWriter } from '../../src/store/store';

// A store that breaks on demand stands in for a failing disk: the one thing outside the project.
let broken = false;
/** Fails the next write of an Idempotency-Key's answer, as a crash right after the effect would. */
let failKeyWrite = false;
let url: string;
let engine: Engine;
let close: () => void;
const errors: unknown[] = [];

beforeAll(async () => {
  const store = createMemoryStore(engineSchema);
  const failing: Store = new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'transaction') {
        return (work: (tx: StoreWriter) => Promise<unknown>) =>
          target.transaction((tx) =>
            work(
              new Proxy(tx, {
                get(writer, name, self) {
                  const method = Reflect.get(writer, name, self);
                  if (name !== 'put' || typeof method !== 'function') return method;
                  return (table: string, row: unknown) => {
                    if (table === 'idempotency' && failKeyWrite) {
                      failKeyWrite = false;
                      return Promise.reject(new Error('power cut'));
                    }
                    return method.call(writer, table, row);
                  };
                },
              }),
            ),
          );
      }
      return (...args: unknown[]) => {
        if (broken && (property === 'find' || property === 'get'))
          return Promise.reject(new Error('disk on fire'));
        return value.apply(target, args);
      };
    },
  });
  engine = await Engine.open({ store: failing, seed: 3, clock: new ManualClock(MANUAL_CLOCK_START) });
  const server = createApp(engine, { onError: (error) => errors.push(error) }).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('server failures', () => {
  it('answers 500 Internal server error on the public article API, and a 500 api_error on the main API', async () => {
    broken = true;
    try {
      const publicAnswer = await fetch(`${url}/public-article-api`, {
        headers: { 'x-service-key': engine.demo.public_api_key },
      });
      expect(publicAnswer.status).toBe(500);
      expect(await publicAnswer.json()).toEqual({ success: false, error: 'Internal server error' });

      const mainAnswer = await fetch(`${url}/v1/projects`, {
        headers: { authorization: `Bearer ${engine.demo.api_key}` },
      });
      expect(mainAnswer.status).toBe(500);
      const body = await mainAnswer.json();
      expect(body.error.type).toBe('api_error');
      expect(body.error.request_id).toBe(mainAnswer.headers.get('x-request-id'));
      expect(JSON.stringify(body)).not.toContain('disk on fire');
      expect(errors.length).toBeGreaterThanOrEqual(2);
    } finally {
      broken = false;
    }
  });

  it("keeps an Idempotency-Key's answer in the transaction of its effect: a store failing between them runs a retried POST once", async () => {
    const key = engine.demo.api_key;
    const project = engine.demo.project_id;
    const post = () =>
      fetch(`${url}/v1/projects/${project}/content`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': 'crash-between-effect-and-record',
        },
        body: JSON.stringify({ keyword: 'exactly once', length: 300 }),
      });
    const count = async () => {
      const list = await fetch(`${url}/v1/projects/${project}/content?limit=100`, {
        headers: { authorization: `Bearer ${key}` },
      }).then((response) => response.json());
      return list.data.filter((item: { keyword: string }) => item.keyword === 'exactly once').length;
    };
    failKeyWrite = true;
    const crashed = await post();
    expect(crashed.status).toBe(500);
    expect(await count()).toBe(0);
    const retried = await post();
    expect(retried.status).toBe(202);
    const replayed = await post();
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(await retried.json());
    expect(await count()).toBe(1);
  });
});
