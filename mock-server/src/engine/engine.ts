import { AccountService, API_KEY_PREFIX } from './accounts/accounts';
import { AttemptThrottle } from './accounts/attempt-throttle';
import { IdempotencyService } from './accounts/idempotency';
import { RateLimiter } from './accounts/rate-limiter';
import { SignInSessions } from './accounts/sign-in-sessions';
import { AiVisibilityService } from './ai-visibility/ai-visibility';
import { removeProjectAiVisibility } from './ai-visibility/remove-project-ai-visibility';
import { SimulatedAnswerProvider } from './ai-visibility/simulated-answer-provider';
import { ContentService, removeProjectContent, storePublishedUrl } from './content/content';
import { TemplateArticleGenerator } from './content/template-article-generator';
import { type DemoData, seedDemoData } from './demo-data';
import type { EngineOptions } from './engine-options';
import { ExportService, removeProjectExports } from './exports/export-service';
import { BackgroundRuns } from './kernel/background-runs';
import { MANUAL_CLOCK_START, ManualClock } from './kernel/clock';
import type { EngineContext } from './kernel/context';
import { ConflictError } from './kernel/errors';
import { IdFactory } from './kernel/ids';
import { type JobLane, JobQueue } from './kernel/jobs';
import { Random } from './kernel/random';
import { ReadCache } from './kernel/read-cache';
import type { MetaRecord, ProjectRecord } from './kernel/records';
import { SeededSecrets } from './kernel/secrets';
import { KeywordService, removeProjectKeywords } from './keywords/keywords';
import { RankTracker } from './keywords/rank-tracker';
import { SimulatedRankingProvider } from './keywords/simulated-ranking-provider';
import { ProjectService } from './projects/projects';
import { PublicArticleService } from './public-articles/public-articles';
import { TestDouble } from './test-double/test-double';
import { ActivityService, removeProjectActivity } from './webhooks/activity';
import { removeProjectDeliveries, WebhookDeliveryService } from './webhooks/deliveries';
import { EgressPolicy } from './webhooks/egress';
import { ItemDeliveryOrder } from './webhooks/item-order';
import { WebhookOutbox } from './webhooks/outbox';
import { FetchWebhookSender } from './webhooks/sender';
import { signWebhookPayload } from './webhooks/signature';

export type { EngineOptions } from './engine-options';

/** Webhook deliveries in flight at once by default. */
export const DEFAULT_DELIVERY_CONCURRENCY = 16;

/** How long a server's claim on seeding the demo data holds, should it stop before it is done. */
const DEMO_SEEDING_MS = 60_000;

/**
 * The service itself: projects, content lifecycle, public articles, scheduled work. It knows
 * no HTTP and no Node-only module; time comes from the injected clock and every random
 * choice from the seed, so the same seed and the same requests give the same answers.
 * @example
 * ```ts
 * const engine = await Engine.open({ store: createMemoryStore(engineSchema), seed: 42, clock: new ManualClock(MANUAL_CLOCK_START) });
 * const account = await engine.accounts.authenticate(engine.demo.api_key);
 * const page = await engine.projects.list(account, {});
 * ```
 */
export class Engine {
  readonly accounts: AccountService;
  readonly projects: ProjectService;
  readonly content: ContentService;
  readonly keywords: KeywordService;
  readonly aiVisibility: AiVisibilityService;
  readonly exports: ExportService;
  readonly publicArticles: PublicArticleService;
  readonly idempotency: IdempotencyService;
  /** Browsers signed in to the dashboard, shared by every server on the store. */
  readonly signInSessions: SignInSessions;
  /** Failed dashboard sign-ins and wrong main API keys, counted per client in the store. */
  readonly attemptThrottle: AttemptThrottle;
  readonly activity: ActivityService;
  readonly webhooks: WebhookDeliveryService;
  readonly rateLimits: RateLimiter;
  /** Faults injected by tests and the journal of requests (mock profile), in memory, per server. */
  readonly testDouble: TestDouble;
  private readonly ctx: EngineContext;
  private demoData: DemoData | undefined;
  private background: BackgroundRuns | undefined;
  private boot = 0;
  private requests = 0;

  private constructor(private readonly options: EngineOptions) {
    const random = new Random(String(options.seed));
    const secrets = options.secrets ?? new SeededSecrets(random);
    // A deployment's source makes its ids too: no seed, no counter shows in them.
    const ids = new IdFactory(random, secrets, options.secrets);
    const store = options.store;
    const jobs = new JobQueue(store, ids, options.onJobError ?? (() => undefined), {
      now: () => options.clock.now(),
      leaseMs: options.jobLeaseMs,
    });
    this.ctx = {
      store,
      clock: options.clock,
      random,
      ids,
      jobs,
      secrets,
      pause: options.pause ?? (() => Promise.resolve()),
    };
    const egress = options.webhookEgress ?? new EgressPolicy();
    this.accounts = new AccountService(this.ctx);
    // Deleting a project: each domain removes its own rows, later domains first, then the project row.
    this.projects = new ProjectService(
      this.ctx,
      [
        removeProjectExports,
        removeProjectAiVisibility,
        removeProjectKeywords,
        removeProjectContent,
        removeProjectDeliveries,
        removeProjectActivity,
      ],
      (url) => egress.checkUrl(url),
    );
    this.activity = new ActivityService(this.ctx, this.projects);
    const order = new ItemDeliveryOrder(this.ctx.jobs, this.activity, () => this.ctx.clock.now());
    const outbox = new WebhookOutbox(this.ctx, this.activity, order);
    this.content = new ContentService(
      this.ctx,
      this.projects,
      outbox,
      options.generator ?? new TemplateArticleGenerator(),
    );
    this.webhooks = new WebhookDeliveryService(this.ctx, this.projects, this.activity, {
      sender: options.webhookSender ?? new FetchWebhookSender({ egress }),
      egress,
      wallClock: options.wallClock ?? options.clock,
      signer: options.webhookSigner ?? signWebhookPayload,
      onPublishedUrl: storePublishedUrl,
      order,
    });
    this.keywords = new KeywordService(
      this.ctx,
      this.projects,
      new RankTracker(
        this.ctx,
        options.rankingProvider ?? new SimulatedRankingProvider(random.fork('rankings')),
        outbox,
      ),
    );
    this.aiVisibility = new AiVisibilityService(
      this.ctx,
      this.projects,
      outbox,
      options.answerProvider ?? new SimulatedAnswerProvider(random.fork('ai-answers')),
    );
    this.publicArticles = new PublicArticleService(this.ctx, new ReadCache(store, ['projects', 'content']));
    this.idempotency = new IdempotencyService(this.ctx);
    this.signInSessions = new SignInSessions(this.ctx);
    this.attemptThrottle = new AttemptThrottle(this.ctx);
    this.rateLimits = new RateLimiter(this.ctx);
    this.exports = new ExportService(
      this.ctx,
      this.projects,
      this.keywords,
      this.aiVisibility,
      options.exportSigningSecret ?? secrets.secret('export-download-urls', 48),
    );
    this.testDouble = new TestDouble({
      clock: options.clock,
      journalSize: options.journalSize,
      faultId: (n) => ids.idFor('flt', this.boot * 2 ** 32 + 2 ** 31 + n),
      accountOfKey: (key) => this.accounts.findByKey(key),
      projectOfPublicKey: async (key) =>
        (await store.find<ProjectRecord>('projects', { where: { public_api_key: key }, limit: 1 }))[0],
    });
  }

  /**
   * Opens the engine on a store: checks the seed, restores the manual clock, seeds demo data.
   * @example const engine = await Engine.open({ store: createMemoryStore(engineSchema), seed: 42, clock: new SystemClock() });
   */
  static async open(options: EngineOptions): Promise<Engine> {
    const engine = new Engine(options);
    await engine.start();
    return engine;
  }

  /** The seeded demo account's key and first project, as the ready line prints them. */
  get demo(): DemoData {
    if (!this.demoData) throw new Error('this engine was opened without demo data');
    return this.demoData;
  }

  get clockMode(): 'manual' | 'real' {
    return this.options.clock instanceof ManualClock ? 'manual' : 'real';
  }

  /**
   * The engine's clock, in milliseconds since the epoch (bound: runs of due work call it as they go).
   * @example const startedAt = isoTime(engine.now());
   */
  readonly now = (): number => this.ctx.clock.now();

  /**
   * Runs the local work that is due now (such as finishing generations). Adapters call it before
   * each request; webhook deliveries never run here, so a slow receiver cannot hold a request.
   * @example const finished = await engine.tick();
   */
  tick(): Promise<number> {
    return this.ctx.jobs.runLocalDue(this.now);
  }

  /**
   * Whether `tick` would find nothing to run now, as the store tells at once (false when it
   * cannot tell without a wait): an adapter that answers a request again without the API layer
   * checks it first.
   * @example if (engine.nothingDueNow()) answerAgain();
   */
  nothingDueNow(): boolean {
    return this.ctx.jobs.nothingLocalDueNow(this.now());
  }

  /**
   * Starts the background lanes: webhook deliveries (up to `deliveryConcurrency` at once) and
   * bulk exports, each as soon as it is due, beside the requests and never on their path. On the
   * manual clock too, work a request makes due now (a first delivery attempt, a test delivery,
   * an export) runs at once; work due later waits for `advance`. The reference server and the
   * MSW handlers start it; without it, background work runs only inside `advance`.
   * @example
   * ```ts
   * const background = engine.startBackgroundWork((error) => console.error(error));
   * await background.stop(); // later, on shutdown
   * ```
   */
  startBackgroundWork(onError: (error: unknown) => void = () => undefined): BackgroundRuns {
    const runs = new BackgroundRuns(this.ctx.jobs, {
      now: () => this.ctx.clock.now(),
      concurrency: { network: this.options.deliveryConcurrency ?? DEFAULT_DELIVERY_CONCURRENCY },
      onError,
    });
    runs.start();
    this.background = runs;
    return runs;
  }

  /**
   * Instant of the next scheduled work (of one lane, when given), for a timer on the real clock.
   * @example const due = await engine.nextDueAt(); // undefined when nothing is scheduled
   */
  nextDueAt(lane?: JobLane): Promise<number | undefined> {
    return this.ctx.jobs.nextDueAt(lane);
  }

  /**
   * Moves the manual clock forward. Everything that falls due in the skipped span runs, in
   * time order and each at its own instant, before this returns.
   * @example await engine.advance(6 * 60); // the webhook retry at +6 min has run
   */
  async advance(seconds: number): Promise<number> {
    const clock = this.options.clock;
    if (!(clock instanceof ManualClock)) {
      throw new ConflictError(
        'The server runs on the real clock; start it with `--clock manual` to move time.',
      );
    }
    const target = clock.now() + Math.round(seconds * 1000);
    await this.ctx.jobs.runDue(target, {
      beforeEach: (job) => {
        if (job.due_at > clock.now()) clock.set(job.due_at);
      },
    });
    clock.set(target);
    await this.saveClock();
    return clock.now();
  }

  /**
   * Restores the seeded state: every row goes, the demo data comes back, a manual clock restarts.
   * @example await engine.reset();
   */
  async reset(): Promise<void> {
    await this.background?.idle();
    // Signed-in browsers stay signed in: the demo keys they signed in with come back with the seed.
    const signedIn = await this.signInSessions.all();
    await this.ctx.store.clear();
    this.ctx.jobs.forget();
    this.testDouble.reset();
    if (this.options.clock instanceof ManualClock) this.options.clock.rewind(MANUAL_CLOCK_START);
    this.boot = 0;
    await this.start();
    await this.signInSessions.restore(signedIn);
  }

  /**
   * A request id, unique across restarts of the same store.
   * @example response.headers['x-request-id'] = engine.nextRequestId();
   */
  nextRequestId(): string {
    this.requests++;
    return this.ctx.ids.idFor('req', this.boot * 2 ** 32 + this.requests);
  }

  private async start(): Promise<void> {
    const { store } = this.ctx;
    const seed = String(this.options.seed);
    const clock = this.options.clock;
    const savedClock = await store.get<MetaRecord>('meta', 'clock');
    if (
      clock instanceof ManualClock &&
      typeof savedClock?.value === 'number' &&
      savedClock.value > clock.now()
    ) {
      clock.set(savedClock.value);
    }
    // Each start takes the next boot number in one transaction, so servers sharing the store
    // never share one: it keeps their request ids and their claims on jobs apart.
    this.boot = await store.transaction(async (tx) => {
      const stored = await tx.get<MetaRecord>('meta', 'seed');
      if (stored && stored.value !== seed) {
        throw new Error(
          `This store was seeded with seed ${JSON.stringify(stored.value)}; start with that seed, or use another database.`,
        );
      }
      const boot = ((await tx.get<MetaRecord>('meta', 'boot'))?.value as number | undefined) ?? 0;
      await tx.put('meta', { id: 'seed', value: seed });
      await tx.put('meta', { id: 'boot', value: boot + 1 });
      return boot + 1;
    });
    this.requests = 0;
    this.ctx.jobs.owner = `boot-${this.boot}`;
    this.rateLimits.owner = `boot-${this.boot}`;
    // A manual clock serves one server, so a claim left in the store is a stopped server's.
    await this.ctx.jobs.prepare(clock instanceof ManualClock);
    if (this.options.demo === false) return;
    this.demoData = await this.demoOnce();
  }

  /**
   * Seeds the demo data into an empty store, or finds what an earlier start (or another server
   * starting at the same time) seeded: the first to claim the seeding does it, the others wait.
   */
  private async demoOnce(): Promise<DemoData> {
    const { store } = this.ctx;
    for (;;) {
      const claimed = await store.transaction(async (tx) => {
        const demo = await tx.get<MetaRecord>('meta', 'demo');
        if (demo) return demo;
        const claim = await tx.get<MetaRecord>('meta', 'demo_seeding');
        const now = this.ctx.clock.now();
        if (
          claim &&
          (claim.value as { until: number }).until > now &&
          !(this.options.clock instanceof ManualClock)
        ) {
          return 'wait';
        }
        await tx.put('meta', { id: 'demo_seeding', value: { by: this.boot, until: now + DEMO_SEEDING_MS } });
        return 'seed';
      });
      if (claimed === 'wait') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      if (claimed !== 'seed')
        return this.restoreDemo(claimed.value as { account_seq: number; project_id: string });
      const demoData = await seedDemoData(this.ctx, this);
      const account = await this.accounts.authenticate(demoData.api_key);
      await store.transaction(async (tx) => {
        await tx.put('meta', {
          id: 'demo',
          value: { account_seq: account.seq, project_id: demoData.project_id },
        });
        await tx.delete('meta', 'demo_seeding');
      });
      await this.saveClock();
      return demoData;
    }
  }

  // Only the demo key's derivation is kept, never the key: keys are stored as hashes.
  private async restoreDemo(saved: { account_seq: number; project_id: string }): Promise<DemoData> {
    const project = await this.ctx.store.get<ProjectRecord>('projects', saved.project_id);
    return {
      api_key: this.ctx.ids.keyFor(API_KEY_PREFIX, 'api-key', saved.account_seq),
      project_id: saved.project_id,
      public_api_key: project?.public_api_key ?? '',
    };
  }

  private async saveClock(): Promise<void> {
    if (this.clockMode !== 'manual') return;
    await this.ctx.store.transaction((tx) => tx.put('meta', { id: 'clock', value: this.ctx.clock.now() }));
  }
}
