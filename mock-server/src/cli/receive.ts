import { parseArgs } from 'node:util';
import { startReferenceReceiver } from '@rankquill/webhooks/reference-receiver';
import { parsePort } from './port';
import { CliUsageError } from './usage-error';

export const RECEIVE_USAGE = `rankquill-mock receive --secret S [options]

Starts the reference webhook receiver (@rankquill/webhooks): POST /webhook takes deliveries,
each article is served as an HTML page at the URL it answered (/<language>/resources/blog/<slug>),
GET /articles lists them. Prints one JSON line {"event":"ready","url","webhook_url"} to stdout,
then one JSON line per delivery to stderr.

  --secret S              the webhook secret (required)
  --port N                port to listen on; 0 takes a free port   (default 0)
  --host H                interface to bind                        (default 127.0.0.1)
  --db PATH               SQLite file for the articles             (default: in memory)
  --no-verify-signature   skip the webhook-signature check (the x-service-key check stays);
                          needed with a server on --clock manual, whose timestamps are not now
`;

/** `rankquill-mock receive`: runs until SIGTERM or SIGINT. */
export async function receive(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      secret: { type: 'string' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      db: { type: 'string' },
      'no-verify-signature': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(RECEIVE_USAGE);
    return;
  }
  if (!values.secret) {
    throw new CliUsageError(
      `--secret is required: pass the secret set in the project's webhook settings.\n\n${RECEIVE_USAGE}`,
    );
  }
  const receiver = await startReferenceReceiver({
    secret: values.secret,
    port: parsePort(values.port),
    host: values.host,
    dbPath: values.db,
    verifySignature: !values['no-verify-signature'],
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(
    `${JSON.stringify({ event: 'ready', url: receiver.url, webhook_url: `${receiver.url}/webhook` })}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      receiver.close().then(resolve, resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
