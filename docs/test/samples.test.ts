import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../../mock-server/test/support/cli-process';
import { expectedOutput, missingOutput, runSnippet } from '../../scripts/readme-snippet.mjs';
import { markdownFiles, serverArgsOf } from './support/markdown-files';

// Samples run from this package's folder, where every @rankquill package, express and msw resolve.
const docsDir = fileURLToPath(new URL('..', import.meta.url));
const WEBHOOK_SECRET = 'docs-webhook-secret';

const files = markdownFiles()
  .map((markdown) => ({
    ...markdown,
    runnable: markdown.samples.filter(
      (sample) => sample.marker === undefined || sample.marker.kind === 'only',
    ),
  }))
  .filter((markdown) => markdown.runnable.length > 0);

/**
 * Moves a manual clock forward, 10 s every 50 ms, until `work` settles: generation and webhook
 * deliveries happen while a sample waits for them, as they would on the real service.
 */
async function whileClockRuns<T>(baseUrl: string, work: Promise<T>): Promise<T> {
  let settled = false;
  const ticking = (async () => {
    while (!settled) {
      await fetch(`${baseUrl}/__admin/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 10 }),
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return await work;
  } finally {
    settled = true;
    await ticking;
  }
}

describe.each(files)('the samples of $file', ({ text, runnable }) => {
  const args = serverArgsOf(text);
  const manualClock = args[args.lastIndexOf('--clock') + 1] === 'manual';
  let server: CliProcess | undefined;

  beforeAll(async () => {
    server = await startCli(args);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(runnable)('runs the sample at line $line and prints what its comments say', async (sample) => {
    const ready = server?.ready;
    if (!ready) throw new Error('the server did not start');
    const run = runSnippet(sample.code, {
      dir: docsDir,
      ext: sample.lang.startsWith('t') || sample.lang === 'mts' ? '.mts' : '.mjs',
      name: 'doc-sample',
      timeout: 45_000,
      env: {
        RANKQUILL_API_KEY: ready.demo.api_key,
        RANKQUILL_BASE_URL: ready.api_base_url,
        RANKQUILL_PROJECT_ID: ready.demo.project_id,
        RANKQUILL_PUBLIC_API_KEY: ready.demo.public_api_key,
        RANKQUILL_CONTENT_API_URL: ready.content_api_url,
        RANKQUILL_MOCK_URL: ready.url,
        RANKQUILL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    const { printed } = manualClock ? await whileClockRuns(ready.url, run) : await run;
    expect(missingOutput(printed, expectedOutput(sample.code)), `it printed:\n${printed.join('\n')}`).toEqual(
      [],
    );
  });
});
