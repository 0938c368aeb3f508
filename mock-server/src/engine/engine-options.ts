import type { Store } from '../store/store';
import type { AnswerProvider } from './ai-visibility/answer-provider';
import type { ContentGenerator } from './content/generator';
import type { Clock } from './kernel/clock';
import type { JobRecord } from './kernel/records';
import type { SecretSource } from './kernel/secrets';
import type { RankingProvider } from './keywords/ranking-provider';
import type { EgressPolicy } from './webhooks/egress';
import type { WebhookSender } from './webhooks/sender';
import type { WebhookSigner } from './webhooks/signature';

/**
 * What `Engine.open` takes: the store, the seed and clock, and the providers it may be given
 * instead of its simulated ones.
 * @example
 * ```ts
 * const options: EngineOptions = { store: createMemoryStore(engineSchema), seed: 42, clock: new ManualClock(MANUAL_CLOCK_START) };
 * const engine = await Engine.open(options);
 * ```
 */
export interface EngineOptions {
  store: Store;
  /** Everything random (ids, keys, generated text) follows from this seed. */
  seed: string | number;
  /** A `ManualClock` moves only through `advance`; any other clock is read as real time. */
  clock: Clock;
  /** Writes articles; defaults to the deterministic `TemplateArticleGenerator`. */
  generator?: ContentGenerator;
  /**
   * Checks keyword rankings; defaults to the deterministic `SimulatedRankingProvider` on the seed.
   * @example { rankingProvider: { check: async () => ({ volume: 1000, position: 3, impressions: 30, clicks: 3 }) } }
   */
  rankingProvider?: RankingProvider;
  /**
   * Asks the AI platforms the AI-visibility prompts; defaults to the deterministic
   * `SimulatedAnswerProvider` on the seed. Mentions and citations are found by the engine either way.
   * @example { answerProvider: { answer: async (request) => ({ text: `Try ${request.project.name}.` }) } }
   */
  answerProvider?: AnswerProvider;
  /** Seed demo data into an empty store (default true). */
  demo?: boolean;
  /** Called when scheduled work throws; the work is dropped after that. */
  onJobError?: (error: unknown, job: JobRecord) => void;
  /**
   * Sends webhook deliveries; defaults to a `FetchWebhookSender` (global `fetch`, 15 s timeout).
   * @example new FetchWebhookSender({ timeoutMs: 5000, signal: shutdown.signal })
   */
  webhookSender?: WebhookSender;
  /**
   * Makes each `webhook-signature` entry; defaults to `signWebhookPayload` (WebCrypto, any
   * runtime). The reference server passes `nodeWebhookSigner`, which gives the same entries.
   * @example { webhookSigner: nodeWebhookSigner }
   */
  webhookSigner?: WebhookSigner;
  /**
   * Key of the HMAC that signs export download URLs. Defaults to one derived from the seed, so
   * URLs survive a restart and answers stay byte-identical; pass a secret when the seed is known
   * to people who must not forge download links.
   * @example { exportSigningSecret: 'a long random string kept out of the repository' }
   */
  exportSigningSecret?: string;
  /**
   * Webhook deliveries that run side by side in the background (default 16). Deliveries about
   * one content item still go one after another, in the order of their events.
   * @example { deliveryConcurrency: 4 }
   */
  deliveryConcurrency?: number;
  /**
   * Where webhooks may go: checked when a webhook URL is set and before each attempt. Defaults
   * to a policy that allows loopback and private addresses (the mock on loopback) and resolves
   * no host name; the reference server passes one with a resolver and its own address.
   * @example { webhookEgress: new EgressPolicy({ allowPrivate: false }) }
   */
  webhookEgress?: EgressPolicy;
  /**
   * The wall clock, for `webhook-timestamp`, which receivers compare with their own clock
   * whatever the engine's clock says. Defaults to `clock`; pass the system clock when `clock` is
   * a `ManualClock` and deliveries reach receivers that check signatures.
   * @example { clock: new ManualClock(MANUAL_CLOCK_START), wallClock: systemClock }
   */
  wallClock?: Clock;
  /**
   * Where API keys, public keys, webhook signing secrets and the default export signing key
   * come from, and, when given, ids too. Defaults to `SeededSecrets` on the seed (ids from a
   * seeded counter), which keeps answers byte-identical; a deployment passes a cryptographic
   * source, so that the seed reveals no key and no id follows from another.
   * @example { secrets: { secret: (_label, length) => randomLetters(length), bytes: (_label, length) => crypto.getRandomValues(new Uint8Array(length)) } }
   */
  secrets?: SecretSource;
  /**
   * Called between the pieces of long work, such as each article of an export; it may wait.
   * Defaults to not waiting. A server passes one that yields to its event loop after a few
   * milliseconds of work, so other requests are answered while a large export streams.
   * @example { pause: () => new Promise((resolve) => setImmediate(resolve)) }
   */
  pause?: () => Promise<void>;
  /**
   * How long a server's claim on a due job holds, in milliseconds of the engine's clock, before
   * another server on the same store may run the job (default 30 s). A running job renews it.
   * @example { jobLeaseMs: 10_000 }
   */
  jobLeaseMs?: number;
  /** Requests the test double's journal keeps in this process: default 10,000, 0 for none. */
  journalSize?: number;
}
