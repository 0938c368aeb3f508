import { parseArgs } from 'node:util';
import { startReferenceReceiver } from '@rankquill/webhooks/reference-receiver';
import { parsePort } from './port';
import { signingSecretOption } from './signing-secret-option';
import { CliUsageError } from './usage-error';

export const RECEIVE_USAGE = `rankquill-mock receive --secret S [--signing-secret whsec_...] [options]

Starts the reference webhook receiver (@rankquill/webhooks): POST /webhook takes deliveries,
each article is served as an HTML page at the URL it answered (/<language>/resources/blog/<slug>),
GET /articles lists them. Prints one JSON line {"event":"ready","url","webhook_url"} to stdout,
then one JSON line per delivery to stderr.

  --secret S              the webhook secret, compared with x-service-key (required)
  --signing-secret S      the project's signing secret (whsec_ + base64): when given, only
                          deliveries signed with it, timestamped within 5 minutes, are accepted;
                          without it x-service-key alone is checked, as the spec's service sends
  --port N                port to listen on; 0 takes a free port   (default 0)
  --host H                interface to bind                        (default 127.0.0.1)
  --db PATH               SQLite file for the articles             (default: in memory)
`;

/** `rankquill-mock receive`: runs until SIGTERM or SIGINT. */
export async function receive(args: string[]): Promise<void> {
  if (args.includes('--no-verify-signature')) {
    throw new CliUsageError(
      '--no-verify-signature is gone: without --signing-secret the receiver checks x-service-key only.',
    );
  }
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      secret: { type: 'string' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      db: { type: 'string' },
      'signing-secret': { type: 'string' },
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
  const signingSecret = signingSecretOption(values['signing-secret']);
  const receiver = await startReferenceReceiver({
    secret: values.secret,
    signingSecret,
    port: parsePort(values.port),
    host: values.host,
    dbPath: values.db,
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
