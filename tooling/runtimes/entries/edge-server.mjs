// Runs edge.mjs in Vercel's edge-runtime: bundles it with esbuild the way Vercel bundles an edge
// function for production (conditions edge-light, worker, browser; no Node module; minified, so
// class names are mangled as they are in a deployed function), evaluates the bundle in an
// EdgeRuntime and serves it on 127.0.0.1 with runServer. Prints {"url"} once it listens.
// Usage: node edge-server.mjs <tools node_modules>
import { createRequire } from 'node:module';
import { join } from 'node:path';

const tools = createRequire(join(process.argv[2], 'noop.js'));
const { build } = tools('esbuild');
const { EdgeRuntime, runServer } = tools('edge-runtime');

const bundle = await build({
  entryPoints: [new URL('./edge.mjs', import.meta.url).pathname],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  conditions: ['edge-light', 'worker', 'browser'],
  minify: true,
  write: false,
  logLevel: 'error',
});
const runtime = new EdgeRuntime({ initialCode: bundle.outputFiles[0].text });
const server = await runServer({ runtime, host: '127.0.0.1', port: 0 });
console.log(JSON.stringify({ url: server.url.replace(/\/$/, '') }));
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => server.close().then(() => process.exit(0)));
