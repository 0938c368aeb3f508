import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { createMemoryStore } from '../../../src/store/memory';

describe('streamed exports', () => {
  it('come from the engine as UTF-8 byte chunks, ready for any adapter to write', async () => {
    const engine = await Engine.open({
      store: createMemoryStore(engineSchema),
      seed: 3,
      clock: new ManualClock(MANUAL_CLOCK_START),
    });
    const account = await engine.accounts.authenticate(engine.demo.api_key);
    const projectId = engine.demo.project_id;
    const files = [
      await engine.exports.content(account, projectId, { format: 'csv' }),
      await engine.exports.keywords(account, projectId, { format: 'csv' }),
      await engine.exports.aiVisibility(account, projectId, { format: 'json' }),
    ];
    for (const file of files) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of file.body) chunks.push(chunk);
      expect(chunks.length, file.filename).toBeGreaterThan(0);
      for (const chunk of chunks) expect(chunk, file.filename).toBeInstanceOf(Uint8Array);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
      if (file.contentType.startsWith('application/json')) expect(() => JSON.parse(text)).not.toThrow();
      else expect(text.split('\r\n')[0], file.filename).toMatch(/^\w+(,\w+)+$/);
    }
  });
});
