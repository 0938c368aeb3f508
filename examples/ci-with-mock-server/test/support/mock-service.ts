import Rankquill from '@rankquill/sdk';
import { inject } from 'vitest';

/** The server started by global-setup.ts. */
export const service = inject('rankquill');

/** A client on the mock with the demo account's key; no retries, so a failure shows at once. */
export function client(): Rankquill {
  return new Rankquill({ apiKey: service.apiKey, baseURL: service.apiBaseUrl, maxRetries: 0 });
}

async function admin(path: string, body: unknown = {}): Promise<void> {
  const response = await fetch(`${service.url}/__admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST /__admin${path} answered ${response.status}: ${await response.text()}`);
}

/** Moves the server's clock; generation and deliveries that fall due run before this resolves. */
export function advanceClock(seconds: number): Promise<void> {
  return admin('/clock/advance', { seconds });
}

/** Puts back the seeded demo data and the clock's starting instant. */
export function resetService(): Promise<void> {
  return admin('/reset');
}
