import {
  DELIVERY_ANSWER_EXCERPT_CHARS,
  type Delivery,
  type ListEnvelope,
  ListParams,
} from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import { type AnswerRecorder, recorded } from '../kernel/answer-recorder';
import type { Clock } from '../kernel/clock';
import type { EngineContext } from '../kernel/context';
import { ConflictError, NotFoundError } from '../kernel/errors';
import type { CompleteJob, JobQueue } from '../kernel/jobs';
import { paginationOf } from '../kernel/pagination';
import { ReadCache } from '../kernel/read-cache';
import type {
  AccountRecord,
  DeliveryAttemptRecord,
  DeliveryRecord,
  ProjectRecord,
  WebhookSettings,
} from '../kernel/records';
import { parseInput } from '../kernel/validation';
import type { ProjectService } from '../projects/projects';
import type { ActivityService } from './activity';
import { deliveryBodyOf, removeProjectDeliveryBodies, storeDeliveryBody } from './delivery-bodies';
import { recordDeliveryOutcome } from './delivery-outcome';
import type { EgressPolicy } from './egress';
import { DELIVERY_JOB, type ItemDeliveryOrder } from './item-order';
import { buildWebhookRequest } from './request';
import { sampleEvent } from './samples';
import { refusedAnswer, type WebhookAnswer, type WebhookSender } from './sender';
import { deliveryResource } from './serializers';
import type { WebhookSigner } from './signature';

/**
 * Waits before each retry, counted from the failure before it (spec 6): attempts at about
 * +0, +1, +6 and +36 minutes.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;

/** The first attempt and the three retries. */
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

const ARTICLE_EVENTS = new Set(['content.published', 'content.updated']);

/**
 * Takes the address a receiver answered an article delivery with (`{"success": true, "url"}`,
 * spec 6 point 1), inside the transaction that marks the delivery succeeded. The content domain
 * decides whether the article keeps it.
 */
export type PublishedUrlListener = (tx: StoreWriter, contentId: string, url: string) => Promise<void>;

/** Attempts a delivery keeps in its history (`attempt_count` counts them all). */
export const MAX_ATTEMPT_HISTORY = 10;

/** What the deliveries need besides the engine's context. */
export interface DeliveryOptions {
  sender: WebhookSender;
  /** Where webhooks may go; checked before each attempt (the sender checks resolved addresses). */
  egress: EgressPolicy;
  /** The wall clock: `webhook-timestamp` is its second of the attempt, on either engine clock. */
  wallClock: Clock;
  /** Makes the `webhook-signature` entries. */
  signer: WebhookSigner;
  onPublishedUrl: PublishedUrlListener;
  /** The order of the deliveries about one content item. */
  order: ItemDeliveryOrder;
}

/**
 * Delivers the outbox: one network job per attempt, retried after 1, 5 and 30 minutes, then
 * marked failed in the activity feed. The network wait happens outside any store transaction,
 * and network jobs never run on the request path. Deliveries about one content item keep the
 * order of their events without waiting for each other's retries (see `ItemDeliveryOrder`);
 * the others run side by side.
 */
export class WebhookDeliveryService {
  /** Projects as attempts read them (URL, secrets), until a write to `projects` anywhere. */
  private readonly projectsRead: ReadCache;

  constructor(
    private readonly ctx: EngineContext,
    private readonly projects: ProjectService,
    private readonly activity: ActivityService,
    private readonly options: DeliveryOptions,
  ) {
    this.projectsRead = new ReadCache(ctx.store, ['projects']);
    ctx.jobs.on(
      DELIVERY_JOB,
      (job, complete) => this.attempt(job.subject_id, job.due_at, complete),
      'network',
    );
  }

  /**
   * Queues a sample `content.published` article to the project's webhook, sent at once in the
   * background like a real delivery (one attempt, no retry, not in the activity feed), and
   * answers the delivery; the deliveries list shows what the receiver said.
   */
  async sendTest(account: AccountRecord, projectId: string, record?: AnswerRecorder): Promise<Delivery> {
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      if (!project.webhook) {
        throw new ConflictError(
          `Project ${project.id} has no webhook to test. Set one first with PUT /v1/projects/${project.id} and {"webhook": {"url": "https://…", "secret": "…"}}.`,
          'webhook',
        );
      }
      const at = this.ctx.clock.now();
      const { id, seq } = await this.ctx.ids.next(tx, 'dlv');
      const body = sampleEvent('content.published', {
        projectId: project.id,
        language: project.language,
        at,
      });
      const delivery: DeliveryRecord = {
        id,
        seq,
        project_id: project.id,
        content_id: null,
        event: 'content.published',
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        last_status: null,
        last_error: null,
        created_at: at,
        updated_at: at,
        attempt_history: [],
        test: true,
        retry: false,
      };
      await tx.insert('deliveries', { ...delivery });
      await storeDeliveryBody(tx, delivery, JSON.stringify(body));
      await this.ctx.jobs.schedule(tx, DELIVERY_JOB, id, at);
      return recorded(tx, deliveryResource(delivery), record);
    });
  }

  /** The project's deliveries, newest first, paginated like every list. */
  async list(account: AccountRecord, projectId: string, query: unknown): Promise<ListEnvelope<Delivery>> {
    const { limit, offset } = parseInput(ListParams, query, 'query');
    const project = await this.projects.owned(account, projectId);
    const where = { project_id: project.id };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('deliveries', where),
      this.ctx.store.find<DeliveryRecord>('deliveries', { where, orderBy: [['seq', 'desc']], limit, offset }),
    ]);
    return { data: rows.map(deliveryResource), pagination: paginationOf(limit, offset, rows.length, total) };
  }

  /** One delivery of the project, with its attempts so far. */
  async retrieve(account: AccountRecord, projectId: string, deliveryId: string): Promise<Delivery> {
    const project = await this.projects.owned(account, projectId);
    return deliveryResource(await ownedDelivery(this.ctx.store, project, deliveryId));
  }

  /**
   * Sends a delivery again, with the same `webhook-id`: one more attempt, now, or once the
   * attempt of the same content item under way has ended. A delivery with a retry scheduled
   * makes that retry now; one whose attempt is due or waiting already is a 409. So is a
   * superseded delivery, or one about a content item that has a later delivery: sending it would
   * give the receiver an older state of the item after a newer one.
   */
  async redeliver(
    account: AccountRecord,
    projectId: string,
    deliveryId: string,
    record?: AnswerRecorder,
  ): Promise<Delivery> {
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      const delivery = await ownedDelivery(tx, project, deliveryId);
      if (!project.webhook) {
        throw new ConflictError(
          `Project ${project.id} has no webhook to deliver to. Set one first with PUT /v1/projects/${project.id}.`,
          'webhook',
        );
      }
      const now = this.ctx.clock.now();
      if (delivery.status === 'pending') {
        if (delivery.next_attempt_at === null || delivery.next_attempt_at <= now) {
          throw new ConflictError(
            delivery.next_attempt_at === null
              ? `Delivery ${delivery.id} waits for the attempt under way of an earlier delivery of the same content item; it goes as soon as that attempt ends.`
              : `Delivery ${delivery.id} has an attempt under way now; see its outcome in GET /v1/projects/${project.id}/deliveries.`,
            'deliveryId',
          );
        }
        // A retry is scheduled: make it now.
        await this.ctx.jobs.cancel(tx, delivery.id);
        const sooner: DeliveryRecord = { ...delivery, next_attempt_at: now, updated_at: now };
        await tx.put('deliveries', { ...sooner });
        await this.ctx.jobs.schedule(tx, DELIVERY_JOB, delivery.id, now);
        return recorded(tx, deliveryResource(sooner), record);
      }
      await refuseOlderState(tx, delivery);
      const waits =
        delivery.content_id !== null &&
        (await this.options.order.admit(
          tx,
          delivery.content_id,
          { id: delivery.id, event: delivery.event },
          project.webhook.url,
        ));
      const again: DeliveryRecord = {
        ...delivery,
        status: 'pending',
        retry: false,
        next_attempt_at: waits ? null : now,
        updated_at: now,
      };
      await tx.put('deliveries', { ...again });
      if (!waits) await this.ctx.jobs.schedule(tx, DELIVERY_JOB, delivery.id, now);
      return recorded(tx, deliveryResource(again), record);
    });
  }

  /**
   * One attempt of a delivery; `dueAt` tells a job that already ran (a crash before its removal)
   * from the current one. The outcome and the job's removal commit together.
   */
  private async attempt(deliveryId: string, dueAt: number, complete: CompleteJob): Promise<void> {
    const pending = await this.ctx.store.get<DeliveryRecord>('deliveries', deliveryId);
    if (!isCurrent(pending, dueAt)) return;
    const projectId = pending.project_id;
    const project = await this.projectsRead.get(projectId, () =>
      this.ctx.store.get<ProjectRecord>('projects', projectId),
    );
    const webhook = project?.webhook;
    const at = this.ctx.clock.now();
    const answer: WebhookAnswer = webhook
      ? await this.send(pending, webhook, at)
      : { status: null, body: '', error: 'The project has no webhook any more; the delivery was dropped.' };

    await this.ctx.store.transaction(async (tx) => {
      await complete(tx);
      const delivery = await tx.get<DeliveryRecord>('deliveries', deliveryId);
      if (!isCurrent(delivery, dueAt)) return;
      const now = this.ctx.clock.now();
      const attempts = delivery.attempts + 1;
      const succeeded = isSuccess(answer);
      const retryDelay = delivery.retry === false ? undefined : RETRY_DELAYS_MS[attempts - 1];
      const retry = !succeeded && !answer.refused && Boolean(webhook) && retryDelay !== undefined;
      // A later delivery of the item waits for this attempt: it goes now, instead of this one's retry.
      const waiting =
        delivery.content_id === null
          ? undefined
          : await this.options.order.nextWaiting(tx, delivery.content_id);
      const superseded = retry && waiting !== undefined;
      const attempt: DeliveryAttemptRecord = {
        at,
        status: answer.status,
        error: succeeded ? null : failureOf(answer),
        answer: answer.body.slice(0, DELIVERY_ANSWER_EXCERPT_CHARS),
      };
      const updated: DeliveryRecord = {
        ...delivery,
        attempts,
        status: succeeded ? 'succeeded' : superseded ? 'superseded' : retry ? 'pending' : 'failed',
        next_attempt_at: retry && !superseded ? now + (retryDelay ?? 0) : null,
        last_status: answer.status,
        last_error: attempt.error,
        updated_at: now,
        attempt_history: [...(delivery.attempt_history ?? []), attempt].slice(-MAX_ATTEMPT_HISTORY),
        ...(superseded ? { superseded_by: waiting?.id ?? null } : {}),
      };
      await tx.put('deliveries', { ...updated });
      if (retry && !superseded) {
        await this.ctx.jobs.schedule(tx, DELIVERY_JOB, delivery.id, now + (retryDelay ?? 0));
        return;
      }
      if (succeeded) await this.reportPublishedUrl(tx, updated, answer);
      if (project && !delivery.test) {
        await recordDeliveryOutcome(this.activity, tx, updated, webhook?.url ?? '', waiting);
      }
      if (waiting) await this.options.order.start(tx, waiting, now);
    });
  }

  /** Signs and sends one attempt, unless the egress policy refuses the URL. */
  private async send(delivery: DeliveryRecord, webhook: WebhookSettings, at: number): Promise<WebhookAnswer> {
    const refusal = this.options.egress.checkTarget(webhook.url).refusal;
    if (refusal !== undefined) return refusedAnswer(webhook.url, refusal);
    const body = await deliveryBodyOf(this.ctx.store, delivery);
    if (body === undefined) {
      return {
        status: null,
        body: '',
        error: `The body of delivery ${delivery.id} is missing from the store.`,
      };
    }
    try {
      const request = await buildWebhookRequest(
        {
          url: webhook.url,
          secret: webhook.secret,
          event: delivery.event,
          deliveryId: delivery.id,
          at: this.options.wallClock.now(),
          body,
          signingSecrets: signingSecretsAt(webhook, at),
        },
        this.options.signer,
      );
      return await this.options.sender.send(request);
    } catch (error) {
      // A sender must not throw; if one does, the attempt still counts as failed, not lost.
      return { status: null, body: '', error: `The webhook sender failed: ${String(error)}` };
    }
  }
  private async reportPublishedUrl(tx: StoreWriter, delivery: DeliveryRecord, answer: WebhookAnswer) {
    if (!ARTICLE_EVENTS.has(delivery.event) || !delivery.content_id) return;
    const url = publishedUrlOf(parseJson(answer.body));
    if (url !== undefined) await this.options.onPublishedUrl(tx, delivery.content_id, url);
  }
}

/** Removes a project's deliveries and their pending attempts (a step of deleting the project). */
export async function removeProjectDeliveries(
  tx: StoreWriter,
  jobs: JobQueue,
  projectId: string,
): Promise<void> {
  const pending = await tx.find<DeliveryRecord>('deliveries', {
    where: { project_id: projectId, status: 'pending' },
  });
  for (const delivery of pending) await jobs.cancel(tx, delivery.id);
  await tx.deleteWhere('deliveries', { project_id: projectId });
  await removeProjectDeliveryBodies(tx, projectId);
}

/**
 * Refuses to send `delivery` again when the receiver would get an older state of its content
 * item after a newer one: it was superseded, or a later delivery of the item exists.
 */
async function refuseOlderState(tx: StoreWriter, delivery: DeliveryRecord): Promise<void> {
  if (delivery.content_id === null) return;
  const later = (await tx.find<DeliveryRecord>('deliveries', { where: { content_id: delivery.content_id } }))
    .filter((other) => other.seq > delivery.seq)
    .sort((a, b) => b.seq - a.seq)[0];
  if (delivery.status !== 'superseded' && later === undefined) return;
  const latest = later ? ` Redeliver the item's latest delivery, ${later.id} (${later.event}), instead.` : '';
  throw new ConflictError(
    delivery.status === 'superseded'
      ? `Delivery ${delivery.id} was superseded by ${delivery.superseded_by ? `delivery ${delivery.superseded_by}` : 'a later event'} of the same content item before it succeeded, and is never sent again: the receiver must not get an older state of content ${delivery.content_id} after a newer one.${latest}`
      : `Delivery ${delivery.id} is not the latest of content ${delivery.content_id}: sending it again would give the receiver an older state of the item after a newer one.${latest}`,
    'deliveryId',
  );
}

/** The signing secrets that sign an attempt at `at`: the project's, and a replaced one for 24 hours. */
function signingSecretsAt(webhook: WebhookSettings, at: number): string[] {
  const secrets = webhook.signing_secret === undefined ? [] : [webhook.signing_secret];
  const previous = webhook.previous_signing_secret;
  const until = webhook.previous_signing_secret_expires_at;
  if (previous && typeof until === 'number' && at < until) secrets.push(previous);
  return secrets;
}

function isCurrent(delivery: DeliveryRecord | undefined, dueAt: number): delivery is DeliveryRecord {
  return delivery?.status === 'pending' && delivery.next_attempt_at === dueAt;
}

function isSuccess(answer: WebhookAnswer): boolean {
  return answer.status !== null && answer.status >= 200 && answer.status < 300;
}

function failureOf(answer: WebhookAnswer): string {
  if (answer.status === null) return answer.error ?? 'No answer from the receiver.';
  const body = answer.body.length > 200 ? `${answer.body.slice(0, 200)}…` : answer.body;
  return `The receiver answered HTTP ${answer.status}${body ? `: ${body}` : ''}; a 2xx answer is needed.`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `url` of a `{"success": true, "url"}` answer (spec 6, point 1), when it holds one. */
function publishedUrlOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { success, url } = body as { success?: unknown; url?: unknown };
  return success === true && typeof url === 'string' && url !== '' ? url : undefined;
}

/** The project's delivery `deliveryId`, or a 404 naming it. */
async function ownedDelivery(
  reader: Pick<StoreWriter, 'get'>,
  project: Pick<ProjectRecord, 'id'>,
  deliveryId: string,
): Promise<DeliveryRecord> {
  const delivery = await reader.get<DeliveryRecord>('deliveries', deliveryId);
  if (!delivery || delivery.project_id !== project.id) {
    throw new NotFoundError(
      `No delivery with id ${deliveryId} in project ${project.id}. List them with GET /v1/projects/${project.id}/deliveries.`,
      'deliveryId',
    );
  }
  return delivery;
}
