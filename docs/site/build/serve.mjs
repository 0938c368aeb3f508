// Serves the built site (docs/dist) over HTTP on loopback: `bash scripts/run.sh docs` runs it on
// port 4020 after `pnpm docs:build`, and the browser tests on a free port. `/guide` answers
// `/guide.html`, a folder its `index.html`, anything else 404 (VitePress's 404.html).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function fileFor(dir, pathname) {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [path, `${path}.html`, join(path, 'index.html')]) {
    const file = join(dir, candidate);
    if (file.startsWith(dir) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

/** Starts the server; answers its address and a `close()`. */
export function serveSite({ dir, port = 0, host = '127.0.0.1' }) {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    let file;
    try {
      file = fileFor(dir, pathname);
    } catch {
      file = undefined; // a malformed escape in the path
    }
    const status = file ? 200 : 404;
    file ??= join(dir, '404.html');
    response.writeHead(status, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
    });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../../dist/', import.meta.url));
  if (!existsSync(join(dir, 'index.html'))) {
    console.error('docs/dist has no site: run `pnpm docs:build` first.');
    process.exit(1);
  }
  const port = Number(process.argv[2] ?? process.env.PORT ?? 4020);
  const { url } = await serveSite({ dir, port });
  console.log(JSON.stringify({ event: 'ready', url }));
  console.log(`The documentation site is on ${url}/ (Ctrl-C stops it).`);
}
