import { parseArgs } from 'node:util';
import { DEFAULT_JOURNAL_SIZE, MAX_JOURNAL_SIZE } from '@rankquill/contract';
import { TrustedProxies, TrustProxyError } from '../http/trusted-proxies';
import { allowedHostProblem } from '../runtime/host-allow-list';
import { describeDatabase } from '../runtime/open-store';
import { DEFAULT_DB_PATH, isLoopbackHost, startServer } from '../runtime/server';
import { resolveProfile, type ServerProfile, ServerProfileError } from '../runtime/server-profile';
import { stopWhenStdinCloses } from './stdin-lifeline';
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
  --failed-auth-limit N
                    wrong main API keys one client address may send in a rolling
                    minute; past it every request of that address with a key gets
                    429 with Retry-After (a right key too), on every server of the
                    database; 0 turns it off; also read from
                    RANKQUILL_FAILED_AUTH_LIMIT (default 1000, 30 with --profile
                    production)
  --trust-proxy P   believe X-Forwarded-For, -Proto and -Host only from these proxies:
                    addresses, CIDR ranges (10.0.0.0/8), loopback, linklocal or
                    uniquelocal, comma-separated or repeated; or a hop count alone
                    (1: the one proxy in front). Throttles count the client that
                    remains. Also read from RANKQUILL_TRUST_PROXY (default: none;
                    the peer is the client and those headers are ignored)
  --log requests    one JSON line per request on stderr: method, path, status, ms,
                    request id
  --log startup     one JSON line on stderr when listening: the milliseconds since the
                    process started at which loading the code, opening the store, opening
                    the engine (demo data included) and listening ended
  --journal-size N  requests the journal (GET /__admin/requests) keeps in this
                    process, from 0 (off) to ${MAX_JOURNAL_SIZE}; mock profile only
                                                                  (default ${DEFAULT_JOURNAL_SIZE})
  --exit-on-stdin-close
                    shut down (as on SIGTERM) when standard input, a pipe, closes:
                    the Python, PHP and Ruby test helpers hold its other end, so the
                    server ends with the process that started it, even a killed one;
                    also RANKQUILL_EXIT_ON_STDIN_CLOSE=1
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

/** `--journal-size`: a whole number in range, and only where there is a journal to keep. */
function journalSizeOption(option: string | undefined, profile: string): number | undefined {
  if (option === undefined) return undefined;
  const size = Number(option);
  if (!/^\d+$/.test(option) || size > MAX_JOURNAL_SIZE) {
    throw new CliUsageError(
      `--journal-size must be a whole number of requests from 0 (no journal) to ${MAX_JOURNAL_SIZE}, got "${option}".`,
    );
  }
  if (profile === 'production') {
    throw new CliUsageError(
      '--journal-size is not allowed with --profile production: a deployed service keeps no request journal. Drop --journal-size.',
    );
  }
  return size;
}

/** `--trust-proxy` values, else `RANKQUILL_TRUST_PROXY`; a value that cannot be read is a usage error. */
function trustProxyOption(option: string[]): string[] {
  const values = option.length > 0 ? option : [process.env.RANKQUILL_TRUST_PROXY ?? ''].filter(Boolean);
  try {
    TrustedProxies.parse(values);
  } catch (error) {
    if (error instanceof TrustProxyError) throw new CliUsageError(error.message);
    throw error;
  }
  return values;
}

/** `--failed-auth-limit`, else `RANKQUILL_FAILED_AUTH_LIMIT`, else the profile's default. */
function failedAuthLimitOption(option: string | undefined): number | undefined {
  const value = option ?? (process.env.RANKQUILL_FAILED_AUTH_LIMIT || undefined);
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(value)) {
    throw new CliUsageError(
      `--failed-auth-limit (or RANKQUILL_FAILED_AUTH_LIMIT) must be a whole number of wrong keys a minute, 0 for no limit, got "${value}".`,
    );
  }
  return Number(value);
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
      'trust-proxy': { type: 'string', multiple: true, default: [] },
      'failed-auth-limit': { type: 'string' },
      log: { type: 'string', multiple: true, default: [] },
      'journal-size': { type: 'string' },
      'exit-on-stdin-close': { type: 'boolean', default: false },
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
  const journalSize = journalSizeOption(values['journal-size'], values.profile);
  for (const entry of values['allowed-host']) {
    const problem = allowedHostProblem(entry);
    if (problem) throw new CliUsageError(problem);
  }
  const trustProxy = trustProxyOption(values['trust-proxy']);
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
    failedAuthLimit: failedAuthLimitOption(values['failed-auth-limit']),
  } as const;
  const settings = profileSettings(options);
  if (settings.admin && !adminToken && !isLoopbackHost(values.host)) {
    log({
      event: 'warning',
      message: `/__admin routes are open on ${values.host} with no --admin-token; anyone who reaches this port can reset data and move the clock.`,
    });
  }
  if (profile === 'production' && trustProxy.length === 0) {
    log({
      event: 'warning',
      message:
        "No --trust-proxy: X-Forwarded-For, -Proto and -Host are ignored, so behind the proxy that ends TLS every client has the proxy's address and shares its sign-in and API throttles. Pass --trust-proxy with the proxy's addresses or a hop count.",
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
    trustProxy,
    deliveryConcurrency: concurrency,
    jobLeaseMs: jobLease * 1000,
    log,
    logRequests: values.log.includes('requests'),
    logStartup: values.log.includes('startup'),
    journalSize,
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
    let stopping = false;
    const stop = () => {
      if (stopping) return; // a signal and the end of stdin may both come
      stopping = true;
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      server.close().then(resolve, (error: unknown) => {
        log({ event: 'shutdown_failed', error: String(error) });
        resolve();
      });
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    // The helpers set the variable: a server too old to know it runs on, where the flag would fail.
    const exitOnStdinClose =
      values['exit-on-stdin-close'] || process.env.RANKQUILL_EXIT_ON_STDIN_CLOSE === '1';
    if (exitOnStdinClose && !stopWhenStdinCloses(stop)) {
      log({
        event: 'warning',
        message:
          '--exit-on-stdin-close: standard input is not a pipe, so the server will not notice when the process that started it exits.',
      });
    }
  });
}
