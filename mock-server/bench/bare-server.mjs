// Baseline of the public article benchmark: a bare node:http server that answers every
// request with the same bytes the reference server gave, read from memory.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    `${JSON.stringify({ event: 'ready', url: `http://127.0.0.1:${server.address().port}` })}\n`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
