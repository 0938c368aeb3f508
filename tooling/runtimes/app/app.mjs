// The app that every runtime of the matrix serves: one Fetch handler (Request -> Response) over
// the packed packages, in plain JavaScript, so that Node (ES module and CommonJS), Deno, Bun,
// workerd and edge-runtime run the same code. Each runtime's entry (../entries) loads the
// packages its way (import, require, a bundle) and serves `createApp(packages)`. The tests
// (../test) drive it over HTTP against a real `rankquill-mock serve`:
//   GET  /health               which runtime this is and which packages it loaded
//   POST /receiver             (re)configures the webhook receiver: secret, signing secret, clock, store
//   POST /webhook              the receiver (`createFetchHandler`), where the server delivers
//   GET  /articles             what the receiver stored
//   POST /run/<check>          runs one check of `CHECKS` and answers what it observed
// The CommonJS entry loads a copy of this file with `export` turned into `module.exports`
// (../test/support/consumer-project.ts), so it holds one export and no import.

/** Builds the handler; `packages` holds the loaded modules, `undefined` for one not loaded. */
export function createApp(packages) {
  /** The receiver in use and its store, set by POST /receiver or by the SDK check. */
  let receiver;

  async function configureReceiver(config) {
    const { webhooks, webhooksFetch } = packages;
    const store = config.store === 'sqlite' ? packages.sqliteStore() : new webhooks.MemoryArticleStore();
    for (const article of config.storeBefore ?? []) {
      await store.upsert({ received_at: '2026-01-01T00:00:00.000Z', ...article });
    }
    const options = { secret: config.secret, store };
    if (config.signingSecret) options.signingSecret = config.signingSecret;
    if (config.siteBaseUrl) options.siteBaseUrl = config.siteBaseUrl;
    if (config.now !== undefined) options.now = () => config.now * 1000;
    receiver = { store, handler: webhooksFetch.createFetchHandler(options) };
  }

  const CHECKS = {
    /** The SDK's main flow, and with a receiver URL a delivery the receiver here takes. */
    sdk: (body) => sdkFlow(packages.sdk, body, configureReceiver, () => receiver),
    'sdk-errors': (body) => sdkErrors(packages.sdk, body),
    'sdk-missing-key': () =>
      errorOf(() => new packages.sdk.Rankquill(), { RankquillError: packages.sdk.RankquillError }),
    'public-articles': (body) => publicArticlesFlow(packages.publicArticles, body),
    contract: (body) => contractCheck(packages.contract, body),
    'public-articles-missing-key': () =>
      errorOf(() => new packages.publicArticles.PublicArticles(), {
        PublicArticlesError: packages.publicArticles.PublicArticlesError,
      }),
  };

  async function route(request) {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === '/health') {
      const loaded = Object.keys(packages).filter((name) => packages[name] !== undefined);
      return json(200, { runtime: runtimeName(), packages: loaded });
    }
    if (request.method === 'POST' && pathname === '/receiver') {
      await configureReceiver(await request.json());
      return json(200, { configured: true });
    }
    if (pathname === '/webhook') {
      if (!receiver) return json(503, { error: 'no receiver configured: POST /receiver first' });
      return receiver.handler(request);
    }
    if (request.method === 'GET' && pathname === '/articles') {
      return json(200, { articles: receiver ? await receiver.store.list() : [] });
    }
    const check = pathname.startsWith('/run/') ? CHECKS[pathname.slice('/run/'.length)] : undefined;
    if (request.method === 'POST' && check) return json(200, await check(await request.json()));
    return json(404, { error: `no route ${request.method} ${pathname}` });
  }

  return async (request) => {
    try {
      return await route(request);
    } catch (error) {
      return json(500, { error: describe(error) });
    }
  };
}

function json(status, body) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function describe(error) {
  return error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
}

function runtimeName() {
  if (typeof Deno !== 'undefined') return `deno ${Deno.version.deno}`;
  if (typeof Bun !== 'undefined') return `bun ${Bun.version}`;
  if (typeof EdgeRuntime === 'string') return EdgeRuntime;
  if (globalThis.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  if (globalThis.process?.versions?.node) return `node ${globalThis.process.versions.node}`;
  return 'unknown';
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `read` with a growing pause (few requests: workerd counts subrequests) until `done`. */
async function until(read, done, { timeoutMs = 20_000 } = {}) {
  const started = Date.now();
  let pause = 50;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await sleep(pause);
    pause = Math.min(pause * 2, 1_000);
  }
}

/** Moves the server's manual clock (an admin route of `rankquill-mock serve`). */
async function advance(adminURL, seconds) {
  const response = await fetch(`${adminURL}/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (!response.ok) throw new Error(`clock advance answered ${response.status}: ${await response.text()}`);
}

/**
 * What the check sees of an error: its `name`, which of `classes` (by exported name: a minified
 * bundle renames the classes themselves) it is an instance of, and its fields.
 */
async function errorOf(call, classes) {
  try {
    await call();
    return { thrown: false };
  } catch (error) {
    const instanceOf = Object.keys(classes).filter((name) => error instanceof classes[name]);
    return {
      thrown: true,
      name: error?.name,
      instanceOf,
      status: error?.status,
      param: error?.param,
      type: error?.type,
      message: error?.message,
      hasRequestId: typeof error?.requestId === 'string' && error.requestId.length > 0,
    };
  }
}

function sdkErrorClasses(sdk) {
  const names = [
    'RankquillError',
    'APIError',
    'BadRequestError',
    'AuthenticationError',
    'NotFoundError',
    'ConflictError',
    'APIConnectionError',
  ];
  return Object.fromEntries(names.map((name) => [name, sdk[name]]));
}

async function sdkFlow(sdk, { apiKey, baseURL, adminURL, receiverURL, store }, configureReceiver, receiver) {
  const client = new sdk.Rankquill({ apiKey, baseURL, maxRetries: 0 });
  const seen = {};
  const project = await client.projects.create({ name: 'Runtime matrix', domain: 'runtime-matrix.example' });
  seen.project = { id: project.id, hasPublicApiKey: project.public_api_key.length > 0 };
  seen.publicApiKey = project.public_api_key;
  if (receiverURL) {
    const secret = 'runtime-matrix-secret';
    const updated = await client.projects.update(project.id, { webhook: { url: receiverURL, secret } });
    const signingSecret = updated.webhook?.signing_secret;
    seen.signingSecret = typeof signingSecret === 'string' && signingSecret.startsWith('whsec_');
    await configureReceiver({ secret, signingSecret, store });
  }
  const job = await client.content.create(project.id, { keyword: 'cold brew ratio', length: 600 });
  const second = await client.content.create(project.id, { keyword: 'pour over technique', length: 600 });
  seen.created = job.status;
  await advance(adminURL, 600);
  const draft = await client.content.retrieve(project.id, job.id);
  seen.generated = draft.status;
  const published = await client.content.publish(project.id, job.id);
  seen.published = published.status;
  seen.slug = published.slug;
  const walked = [];
  for await (const item of client.content.list(project.id, { limit: 1 })) walked.push(item.id);
  seen.walked = walked.sort();
  seen.expectedWalk = [job.id, second.id].sort();
  const page = await client.content.list(project.id, { limit: 1 });
  seen.firstPage = { count: page.data.length, hasNextPage: page.hasNextPage() };

  if (receiverURL) {
    const deliveries = await until(
      async () => (await client.deliveries.list(project.id)).data,
      (list) =>
        list.some((delivery) => delivery.event === 'content.published' && delivery.status !== 'pending'),
    );
    const delivery = deliveries.find((item) => item.event === 'content.published');
    seen.delivery = {
      status: delivery?.status,
      attemptStatus: delivery?.attempts.at(-1)?.status,
      answer: delivery?.attempts.at(-1)?.answer,
    };
    const stored = await receiver().store.get(published.slug);
    seen.stored = stored && { title: stored.title === published.title, url: stored.url };
    // The same receiver with another secret: the server's next delivery is refused.
    await configureReceiver({ secret: 'not-the-secret-the-server-sends', store: 'memory' });
    const test = await client.webhooks.test(project.id);
    const refused = await until(
      () => client.deliveries.retrieve(project.id, test.id),
      (item) => item.attempt_count > 0,
    );
    seen.refused = { status: refused.status, attemptStatus: refused.attempts.at(-1)?.status };
  }

  const exported = await client.exports.create(project.id, { types: ['content'], format: 'json' });
  await advance(adminURL, 60);
  const ready = await until(
    () => client.exports.retrieve(project.id, exported.id),
    (item) => item.status !== 'pending' && item.status !== 'processing',
  );
  seen.exportStatus = ready.status;
  const file = await client.exports.download(ready);
  seen.exportFile = { contentType: file.contentType, holdsTheArticle: (await file.text()).includes(job.id) };
  return seen;
}

async function sdkErrors(sdk, { apiKey, baseURL, projectId }) {
  const client = new sdk.Rankquill({ apiKey, baseURL, maxRetries: 0 });
  const classes = sdkErrorClasses(sdk);
  return {
    notFound: await errorOf(() => client.content.retrieve(projectId, 'cnt_missing'), classes),
    badRequest: await errorOf(() => client.content.create(projectId, { keyword: '', length: 600 }), classes),
    authentication: await errorOf(
      () => new sdk.Rankquill({ apiKey: 'rq_not_a_key', baseURL, maxRetries: 0 }).projects.list(),
      classes,
    ),
    connection: await errorOf(
      () => new sdk.Rankquill({ apiKey, baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 }).projects.list(),
      classes,
    ),
    badId: await errorOf(() => client.projects.retrieve('..'), classes),
  };
}

/** The contract as its docs use it: an event body parsed with its schema, a signing secret checked. */
function contractCheck(contract, { body }) {
  const schema = contract.EVENT_TYPES['content.deleted'];
  const event = schema.parse(body);
  return {
    slug: event.slug,
    refusesAnEmptyBody: !schema.safeParse({}).success,
    secretProblem: contract.signingSecretProblem('my-webhook-secret'),
    signatureHeader: contract.WEBHOOK_HEADERS.signature,
  };
}

async function publicArticlesFlow(publicArticles, { apiKey, baseURL }) {
  const { PublicArticles } = publicArticles;
  const articles = new PublicArticles({ apiKey, baseURL, maxRetries: 0 });
  const page = await articles.list({ limit: 1 });
  const walked = [];
  for await (const article of articles.list({ limit: 1 })) walked.push(article.id);
  const first = page.articles[0];
  const article = first && (await articles.retrieve(first.id));
  const classes = Object.fromEntries(
    ['PublicArticlesError', 'APIError', 'AuthenticationError', 'NotFoundError', 'BadRequestError'].map(
      (name) => [name, publicArticles[name]],
    ),
  );
  return {
    total: page.pagination.total,
    walked: walked.length,
    retrieved: article ? { sameId: article.id === first.id, hasContent: article.content.length > 0 } : null,
    notFound: await errorOf(() => articles.retrieve('art_missing'), classes),
    authentication: await errorOf(
      () => new PublicArticles({ apiKey: 'rqp_not_a_key', baseURL, maxRetries: 0 }).list(),
      classes,
    ),
    badRequest: await errorOf(() => articles.list({ limit: 1000 }), classes),
  };
}
