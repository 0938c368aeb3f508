import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EgressPolicy } from '../../src/engine/webhooks/egress';
import { NodeWebhookSender } from '../../src/runtime/node-webhook-sender';

const egress = new EgressPolicy({
  allowPrivate: true,
  resolve: async () => ['127.0.0.1'],
  ownEndpoints: () => [],
});

describe('NodeWebhookSender on a server shutting down', () => {
  it('answers an attempt that starts after the shutdown without a request, and without an uncaught error', async () => {
    let requests = 0;
    const receiver = createServer((_request, response) => {
      requests++;
      response.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const shutdown = new AbortController();
    shutdown.abort();
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const sender = new NodeWebhookSender({ egress, signal: shutdown.signal });
      const answer = await sender.send({ url: `http://127.0.0.1:${port}/hook`, headers: {}, body: '{}' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answer).toEqual({ status: null, body: '', error: 'The server shut down during the attempt.' });
      expect(requests).toBe(0);
      expect(uncaught).toEqual([]);
      sender.close();
    } finally {
      process.off('uncaughtException', record);
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
