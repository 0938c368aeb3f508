import { parseArgs } from 'node:util';
import { DEFAULT_DB_PATH, isLoopbackHost, startServer } from '../runtime/server';
import { CliUsageError } from './usage-error';

export const SERVE_USAGE = `rankquill-mock serve [options]

Starts the reference server. Prints one JSON line {"event":"ready",...} to stdout when ready.

  --port N          port to listen on; 0 takes a free port       (default 4010)
  --host H          interface to bind                            (default 127.0.0.1)
  --seed N          seed of ids, keys and generated text         (default 42)
  --db PATH         SQLite file, or :memory: for no persistence  (default ${DEFAULT_DB_PATH})
  --clock MODE      real, or manual (moves only via /__admin/clock/advance) (default real)
  --admin-token T   require "Authorization: Bearer T" on /__admin routes
  --no-admin        remove the /__admin routes
  --no-dashboard    do not serve the dashboard at /
  --export-signing-secret S
                    key of the signed export download URLs (default: derived from
                    the seed); also read from RANKQUILL_EXPORT_SIGNING_SECRET
  --webhook-egress MODE
                    public: webhooks go to public addresses only; private: to loopback
                    and private addresses too (default: private while --host is
                    loopback, else public). Link-local and metadata addresses,
                    0.0.0.0/8, multicast, URLs with credentials and this server are
                    refused either way
  --webhook-concurrency N
                    webhook deliveries in flight at once; one content item's go one
                    after another                                 (default 16)
`;

const MIN_SECRET_LENGTH = 16;

/** The option, else the environment variable; too short a key is refused rather than used. */
function exportSigningSecret(option: string | undefined): string | undefined {
  const secret = option ?? (process.env.RANKQUILL_EXPORT_SIGNING_SECRET || undefined);
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) {
    throw new CliUsageError(
      `--export-signing-secret (or RANKQUILL_EXPORT_SIGNING_SECRET) must be at least ${MIN_SECRET_LENGTH} characters; use a long random string.`,
    );
  }
  return secret;
}

/** `rankquill-mock serve`: runs until SIGTERM or SIGINT, then shuts down cleanly. */
export async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string', default: '42' },
      db: { type: 'string', default: DEFAULT_DB_PATH },
      clock: { type: 'string', default: 'real' },
      'admin-token': { type: 'string' },
      'no-admin': { type: 'boolean', default: false },
      'no-dashboard': { type: 'boolean', default: false },
      'export-signing-secret': { type: 'string' },
      'webhook-egress': { type: 'string' },
      'webhook-concurrency': { type: 'string', default: '16' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(SERVE_USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliUsageError(`--port must be an integer from 0 to 65535, got "${values.port}".`);
  }
  if (values.clock !== 'real' && values.clock !== 'manual') {
    throw new CliUsageError(`--clock must be "real" or "manual", got "${values.clock}".`);
  }
  const egress = values['webhook-egress'];
  if (egress !== undefined && egress !== 'public' && egress !== 'private') {
    throw new CliUsageError(`--webhook-egress must be "public" or "private", got "${egress}".`);
  }
  const concurrency = Number(values['webhook-concurrency']);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000) {
    throw new CliUsageError(
      `--webhook-concurrency must be an integer from 1 to 1000, got "${values['webhook-concurrency']}".`,
    );
  }
  const admin = !values['no-admin'];
  if (admin && !values['admin-token'] && !isLoopbackHost(values.host)) {
    process.stderr.write(
      `warning: /__admin routes are open on ${values.host} with no --admin-token; anyone who reaches this port can reset data and move the clock.\n`,
    );
  }
  const log = (line: Record<string, unknown>) => process.stderr.write(`${JSON.stringify(line)}\n`);
  const server = await startServer({
    port,
    host: values.host,
    seed: values.seed,
    db: values.db,
    clock: values.clock,
    admin,
    adminToken: values['admin-token'],
    dashboard: !values['no-dashboard'],
    exportSigningSecret: exportSigningSecret(values['export-signing-secret']),
    webhookEgress: egress,
    deliveryConcurrency: concurrency,
    log,
  });
  process.stdout.write(
    `${JSON.stringify({
      event: 'ready',
      url: server.url,
      api_base_url: server.apiBaseUrl,
      ...(values['no-dashboard'] ? {} : { dashboard_url: `${server.url}/` }),
      content_api_url: server.contentApiUrl,
      clock: values.clock,
      db: values.db,
      demo: server.demo,
    })}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      server.close().then(resolve, (error: unknown) => {
        log({ event: 'shutdown_failed', error: String(error) });
        resolve();
      });
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
