import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { codeSamples } from '../../../scripts/readme-snippet.mjs';
import { REPO_ROOT } from './markdown-files';

/** Where snippets run: the docs package, where every framework and @rankquill package resolves. */
const DOCS_DIR = join(REPO_ROOT, 'docs');

/**
 * The samples of `markdown` marked as tested by `testFile`, by the `###` heading above them,
 * exactly as written.
 */
export function guideSnippets(markdown: string, testFile: string): Map<string, string[]> {
  const text = readFileSync(join(REPO_ROOT, markdown), 'utf8');
  const lines = text.split('\n');
  const byHeading = new Map<string, string[]>();
  for (const sample of codeSamples(text)) {
    if (sample.marker?.kind !== 'tested by' || sample.marker.path !== testFile) continue;
    const heading = lines
      .slice(0, sample.line)
      .reverse()
      .find((line) => line.startsWith('### '))
      ?.slice(4);
    if (heading === undefined) throw new Error(`${markdown}:${sample.line}: no ### heading above the sample`);
    byHeading.set(heading, [...(byHeading.get(heading) ?? []), sample.code]);
  }
  return byHeading;
}

export interface GuideServer {
  /** Base URL on loopback, such as `http://127.0.0.1:43121`. */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `command` in its own process group and waits for a line matching `ready` (port in group 1). */
async function startProcess(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  ready: RegExp,
  cleanup: () => void,
): Promise<GuideServer> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      const killed = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 5000);
      await exited;
      clearTimeout(killed);
    }
    cleanup();
  };
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk;
        const match = ready.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code} before it was ready:\n${output}`));
      });
    });
    return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs a guide's snippet as it is written: an `.mts` module in the docs package for a server
 * program (Express, Node `http`, Hono), or, for Next.js, an App Router app made of the snippets
 * (each names its file in its first line) served by `next dev`.
 */
export async function startGuideServer(
  framework: string,
  snippets: string[],
  env: Record<string, string>,
): Promise<GuideServer> {
  const id = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  if (framework.startsWith('Next.js')) {
    const app = join(DOCS_DIR, `.guide-next-${id}`);
    for (const snippet of snippets) {
      const path = /^\/\/ (app\/\S+\.ts)\n/.exec(snippet)?.[1];
      if (!path) throw new Error(`a Next.js snippet must name its file first:\n${snippet}`);
      mkdirSync(dirname(join(app, path)), { recursive: true });
      writeFileSync(join(app, path), snippet);
    }
    return startProcess(
      [
        join(DOCS_DIR, 'node_modules/next/dist/bin/next'),
        'dev',
        '--port',
        '0',
        '--hostname',
        '127.0.0.1',
        app,
      ],
      app,
      { ...env, NEXT_TELEMETRY_DISABLED: '1' },
      /Local:\s+http:\/\/[^:]+:(\d+)/,
      () => rmSync(app, { recursive: true, force: true }),
    );
  }
  if (snippets.length !== 1) throw new Error(`${framework}: expected one snippet, found ${snippets.length}`);
  const file = join(DOCS_DIR, `.guide-server-${id}.mts`);
  writeFileSync(file, snippets[0] ?? '');
  return startProcess(
    [file],
    DOCS_DIR,
    { ...env, PORT: '0' },
    /Rankquill webhook on http:\/\/localhost:(\d+)\/webhook/,
    () => rmSync(file, { force: true }),
  );
}

/** A delivery that passed through the proxy, with what each Standard Webhooks library said. */
export interface ProxiedDelivery {
  event: string;
  bytes: number;
  standardwebhooks: string;
  svix: string;
  status: number;
}

function verdict(verify: () => unknown): string {
  try {
    verify();
    return 'verified';
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A loopback proxy between the reference server and a guide's server: it has every delivery
 * verified by npm `standardwebhooks` and `svix` with the project's signing secret, then passes
 * it on unchanged and answers what the guide's server answered.
 */
export async function startVerifyingProxy(target: () => string, signingSecret: () => string) {
  const deliveries: ProxiedDelivery[] = [];
  const server = createServer(async (req, res) => {
    const body = await readAll(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
      ),
    );
    const text = body.toString('utf8');
    const record: ProxiedDelivery = {
      event: headers['x-service-event'] ?? '',
      bytes: body.length,
      standardwebhooks: verdict(() => new StandardWebhook(signingSecret()).verify(text, headers)),
      svix: verdict(() => new SvixWebhook(signingSecret()).verify(text, headers)),
      status: 0,
    };
    deliveries.push(record);
    const answer = await fetch(`${target()}${req.url}`, {
      method: req.method,
      headers,
      body: new Uint8Array(body),
    });
    record.status = answer.status;
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
