import type { WebhookTestResult } from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import { ConflictError } from '../kernel/errors';
import type { JobQueue } from '../kernel/jobs';
import type { AccountRecord, DeliveryRecord, ProjectRecord } from '../kernel/records';
import type { ProjectService } from '../projects/projects';
import type { ActivityService } from './activity';
import { DELIVERY_JOB } from './outbox';
import { buildWebhookRequest } from './request';
import { sampleEvent } from './samples';
import type { WebhookAnswer, WebhookSender } from './sender';

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

/**
 * Delivers the outbox: one network job per attempt, retried after 1, 5 and 30 minutes, then
 * marked failed in the activity feed. The network wait happens outside any store transaction,
 * and network jobs never run on the request path.
 */
export class WebhookDeliveryService {
  constructor(
    private readonly ctx: EngineContext,
    private readonly projects: ProjectService,
    private readonly activity: ActivityService,
    private readonly sender: WebhookSender,
    private readonly onPublishedUrl: PublishedUrlListener,
  ) {
    ctx.jobs.on(DELIVERY_JOB, (job) => this.attempt(job.subject_id, job.due_at), 'network');
  }

  /**
   * Sends a sample `content.published` article to the project's webhook now, signed like a real
   * delivery, and answers what the receiver said. Nothing is retried or stored but the id counter.
   */
  async sendTest(account: AccountRecord, projectId: string): Promise<WebhookTestResult> {
    const { project, deliveryId } = await this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      if (!project.webhook) {
        throw new ConflictError(
          `Project ${project.id} has no webhook to test. Set one first with PUT /v1/projects/${project.id} and {"webhook": {"url": "https://…", "secret": "…"}}.`,
          'webhook',
        );
      }
      return { project, deliveryId: (await this.ctx.ids.next(tx, 'dlv')).id };
    });
    const webhook = project.webhook as NonNullable<ProjectRecord['webhook']>;
    const at = this.ctx.clock.now();
    const body = JSON.stringify(
      sampleEvent('content.published', { projectId: project.id, language: project.language, at }),
    );
    const answer = await this.send(
      await buildWebhookRequest({
        url: webhook.url,
        secret: webhook.secret,
        event: 'content.published',
        deliveryId,
        at,
        body,
      }),
    );
    const parsed = parseJson(answer.body);
    return {
      delivery_id: deliveryId,
      event: 'content.published',
      status: answer.status,
      body: parsed === undefined ? (answer.status === null ? null : answer.body) : parsed,
      url: publishedUrlOf(parsed) ?? null,
      error: isSuccess(answer) ? null : failureOf(answer),
    };
  }

  /** One attempt of a delivery; `dueAt` tells a job that already ran (a crash before its removal) from the current one. */
  private async attempt(deliveryId: string, dueAt: number): Promise<void> {
    const pending = await this.ctx.store.get<DeliveryRecord>('deliveries', deliveryId);
    if (!isCurrent(pending, dueAt)) return;
    const project = await this.ctx.store.get<ProjectRecord>('projects', pending.project_id);
    const webhook = project?.webhook;
    const answer: WebhookAnswer = webhook
      ? await this.send(
          await buildWebhookRequest({
            url: webhook.url,
            secret: webhook.secret,
            event: pending.event,
            deliveryId: pending.id,
            at: this.ctx.clock.now(),
            body: pending.body,
          }),
        )
      : { status: null, body: '', error: 'The project has no webhook any more; the delivery was dropped.' };

    await this.ctx.store.transaction(async (tx) => {
      const delivery = await tx.get<DeliveryRecord>('deliveries', deliveryId);
      if (!isCurrent(delivery, dueAt)) return;
      const now = this.ctx.clock.now();
      const attempts = delivery.attempts + 1;
      const succeeded = isSuccess(answer);
      const retryDelay = RETRY_DELAYS_MS[attempts - 1];
      const retry = !succeeded && webhook !== undefined && webhook !== null && retryDelay !== undefined;
      const updated: DeliveryRecord = {
        ...delivery,
        attempts,
        status: succeeded ? 'succeeded' : retry ? 'pending' : 'failed',
        next_attempt_at: retry ? now + retryDelay : null,
        last_status: answer.status,
        last_error: succeeded ? null : failureOf(answer),
        updated_at: now,
      };
      await tx.put('deliveries', { ...updated });
      if (retry) {
        await this.ctx.jobs.schedule(tx, DELIVERY_JOB, delivery.id, now + retryDelay);
        return;
      }
      if (succeeded) await this.reportPublishedUrl(tx, updated, answer);
      if (project) await this.recordOutcome(tx, updated, webhook?.url ?? '');
    });
  }

  private async send(request: Parameters<WebhookSender['send']>[0]): Promise<WebhookAnswer> {
    try {
      return await this.sender.send(request);
    } catch (error) {
      // A sender must not throw; if one does, the attempt still counts as failed, not lost.
      return { status: null, body: '', error: `The webhook sender failed: ${String(error)}` };
    }
  }

  private async reportPublishedUrl(tx: StoreWriter, delivery: DeliveryRecord, answer: WebhookAnswer) {
    if (!ARTICLE_EVENTS.has(delivery.event) || !delivery.content_id) return;
    const url = publishedUrlOf(parseJson(answer.body));
    if (url !== undefined) await this.onPublishedUrl(tx, delivery.content_id, url);
  }

  private async recordOutcome(tx: StoreWriter, delivery: DeliveryRecord, url: string): Promise<void> {
    const succeeded = delivery.status === 'succeeded';
    const tries = `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`;
    await this.activity.record(tx, delivery.project_id, {
      type: succeeded ? 'webhook.delivery_succeeded' : 'webhook.delivery_failed',
      event: delivery.event,
      content_id: delivery.content_id,
      delivery_id: delivery.id,
      attempts: delivery.attempts,
      last_status: delivery.last_status,
      last_error: delivery.last_error,
      message: succeeded
        ? `Delivered ${delivery.event} to ${url} (HTTP ${delivery.last_status}) after ${tries}.`
        : `Delivery of ${delivery.event} to ${url || 'the webhook'} failed after ${tries}: ${delivery.last_error}`,
    });
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
