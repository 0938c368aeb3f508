import { parseArgs } from 'node:util';
import { allowedHostProblem } from '../runtime/host-allow-list';
import { describeDatabase } from '../runtime/open-store';
import { DEFAULT_DB_PATH, isLoopbackHost, startServer } from '../runtime/server';
import { resolveProfile, type ServerProfile, ServerProfileError } from '../runtime/server-profile';
import { CliUsageError } from './usage-error';

export const SERVE_USAGE = `rankquill-mock serve [options]

Starts the reference server. Prints one JSON line {"event":"ready",...} to stdout when ready.

  --port N          port to listen on; 0 takes a free port       (default 4010)
  --host H          interface to bind                            (default 127.0.0.1)
  --seed N          seed of ids, keys and generated text         (default 42)
  --db PATH|URL     SQLite file, :memory: for no persistence, or a PostgreSQL URL
                    (postgres://user:password@host:5432/database) that several
                    instances can share; also read from RANKQUILL_DATABASE_URL
                    (default ${DEFAULT_DB_PATH})
  --clock MODE      real, or manual (moves only via /__admin/clock/advance; for one
                    server, not several on one database)         (default real)
  --job-lease S     seconds a server's claim on due work holds before another
                    server on the same database may run it        (default 30)
  --admin-token T   require "Authorization: Bearer T" on /__admin routes; also read
                    from RANKQUILL_ADMIN_TOKEN
  --no-admin        remove the /__admin routes
  --no-dashboard    do not serve the dashboard at /
  --export-signing-secret S
                    key of the signed export download URLs (default: derived from
                    the seed); also read from RANKQUILL_EXPORT_SIGNING_SECRET
  --webhook-egress MODE
                    public: webhooks go to public addresses only; private: to loopback
                    and private addresses too (default: private while --host is
                    loopback, else public). Link-local and metadata addresses,
                    0.0.0.0/8, multicast, other special-purpose ranges that are not
                    global (198.18.0.0/15, 2001:db8::/32, ...), URLs with credentials
                    and this server are refused either way
  --webhook-concurrency N
                    webhook deliveries in flight at once; one content item's go one
                    after another                                 (default 16)
  --profile P       mock: the deterministic mock (default). production: a deployable
                    service: real clock only, no demo data, keys and secrets from a
                    cryptographic source, /__admin only with an --admin-token of 32 or
                    more characters; needs --export-signing-secret and --public-url
  --public-url URL  address clients reach this server at (https://api.example.com);
                    download links are built from it instead of the Host header, and
                    its host is served
  --allowed-host H  a host name clients use besides localhost, 127.0.0.1 and [::1]
                    (mock.test or mock.test:4010); repeatable. Other Host headers get
                    a 421, against DNS rebinding; on a non-loopback --host every name
                    is served until this or --public-url is given
  --log requests    one JSON line per request on stderr: method, path, status, ms,
                    request id
  --log startup     one JSON line on stderr when listening: the milliseconds since the
                    process started at which loading the code, opening the store, opening
                    the engine (demo data included) and listening ended
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

/** Logs are JSON lines on stderr. */
function log(line: Record<string, unknown>): void {
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

/** The profile's decisions, or a usage error naming the flag that breaks it. */
function profileSettings(options: Parameters<typeof resolveProfile>[0]) {
  try {
    return resolveProfile(options);
  } catch (error) {
    if (error instanceof ServerProfileError) throw new CliUsageError(error.message);
    throw error;
  }
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
      db: { type: 'string' },
      clock: { type: 'string', default: 'real' },
      'job-lease': { type: 'string', default: '30' },
      'admin-token': { type: 'string' },
      'no-admin': { type: 'boolean', default: false },
      'no-dashboard': { type: 'boolean', default: false },
      'export-signing-secret': { type: 'string' },
      'webhook-egress': { type: 'string' },
      'webhook-concurrency': { type: 'string', default: '16' },
      profile: { type: 'string', default: 'mock' },
      'public-url': { type: 'string' },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      log: { type: 'string', multiple: true, default: [] },
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
  for (const kind of values.log) {
    if (kind !== 'requests' && kind !== 'startup') {
      throw new CliUsageError(`--log takes "requests" or "startup", got "${kind}".`);
    }
  }
  const jobLease = Number(values['job-lease']);
  if (!Number.isFinite(jobLease) || jobLease < 1 || jobLease > 3600) {
    throw new CliUsageError(
      `--job-lease must be a number of seconds from 1 to 3600, got "${values['job-lease']}".`,
    );
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
  for (const entry of values['allowed-host']) {
    const problem = allowedHostProblem(entry);
    if (problem) throw new CliUsageError(problem);
  }
  const profile = values.profile as ServerProfile;
  const adminToken = values['admin-token'] ?? (process.env.RANKQUILL_ADMIN_TOKEN || undefined);
  const options = {
    clock: values.clock,
    admin: !values['no-admin'],
    adminToken,
    exportSigningSecret: exportSigningSecret(values['export-signing-secret']),
    webhookEgress: egress,
    profile,
    publicUrl: values['public-url'],
  } as const;
  const settings = profileSettings(options);
  if (settings.admin && !adminToken && !isLoopbackHost(values.host)) {
    log({
      event: 'warning',
      message: `/__admin routes are open on ${values.host} with no --admin-token; anyone who reaches this port can reset data and move the clock.`,
    });
  }
  if (!isLoopbackHost(values.host) && !settings.publicUrl && values['allowed-host'].length === 0) {
    log({
      event: 'warning',
      message: `Every Host header is served on ${values.host}: pass --public-url or --allowed-host with the names clients use, so that a page whose name points at this server (DNS rebinding) is refused.`,
    });
  }
  const db = values.db ?? (process.env.RANKQUILL_DATABASE_URL || DEFAULT_DB_PATH);
  const server = await startServer({
    port,
    host: values.host,
    seed: values.seed,
    db,
    ...options,
    dashboard: !values['no-dashboard'],
    allowedHosts: values['allowed-host'],
    deliveryConcurrency: concurrency,
    jobLeaseMs: jobLease * 1000,
    log,
    logRequests: values.log.includes('requests'),
    logStartup: values.log.includes('startup'),
  });
  process.stdout.write(
    `${JSON.stringify({
      event: 'ready',
      url: server.url,
      api_base_url: server.apiBaseUrl,
      ...(values['no-dashboard'] ? {} : { dashboard_url: `${server.url}/` }),
      content_api_url: server.contentApiUrl,
      clock: values.clock,
      db: describeDatabase(db),
      profile,
      ...(settings.publicUrl ? { public_url: settings.publicUrl } : {}),
      ...(settings.demo ? { demo: server.demo } : {}),
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
