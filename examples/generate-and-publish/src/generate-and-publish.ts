import type { ActivityEntry, ContentItem, Rankquill } from '@rankquill/sdk';

/** Options of `generateAndPublish`. */
export interface GenerateAndPublishOptions {
  projectId: string;
  keyword: string;
  /** Words; the service's default (1,200) when left out. */
  length?: number;
  /**
   * Milliseconds between polls of the article and of the activity feed. By default the SDK first
   * waits for the generation time the service estimated, then polls every 2 s.
   */
  pollInterval?: number;
  /** Milliseconds to wait for the webhook delivery's outcome before reporting it as pending. Default 30 000. */
  deliveryTimeout?: number;
  /** Receives one line per step. Default: nothing. */
  log?: (line: string) => void;
}

/** What happened, step by step. */
export interface GenerateAndPublishReport {
  /** The article as published. */
  article: ContentItem;
  /** Whether the project has a webhook that the article was sent to. */
  webhook: boolean;
  /** The outcome entry of the `content.published` delivery, once the feed holds one. */
  delivery: ActivityEntry | undefined;
  /** Every activity entry about the article, oldest first. */
  activity: ActivityEntry[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Generates an article for `keyword`, waits for it, publishes it, then follows its webhook
 * delivery in the project's activity feed.
 */
export async function generateAndPublish(
  client: Rankquill,
  {
    projectId,
    keyword,
    length,
    pollInterval,
    deliveryTimeout = 30_000,
    log = () => {},
  }: GenerateAndPublishOptions,
): Promise<GenerateAndPublishReport> {
  log(`generating an article for "${keyword}"`);
  const generated = await client.content.createAndWait(
    projectId,
    { keyword, ...(length ? { length } : {}) },
    pollInterval ? { pollInterval } : {},
  );
  if (generated.status === 'failed') {
    throw new Error(`generation of ${generated.id} failed: ${generated.failure_reason ?? 'no reason given'}`);
  }
  log(`${generated.status} ${generated.id}: "${generated.title}", ${generated.word_count} words`);

  // An item created with auto_publish comes back published; a draft needs the publish call.
  const article =
    generated.status === 'published' ? generated : await client.content.publish(projectId, generated.id);
  log(`published ${article.id} at ${article.published_at}`);

  const project = await client.projects.retrieve(projectId);
  let delivery: ActivityEntry | undefined;
  if (!project.webhook) {
    log('no webhook is set on the project: nothing was sent');
  } else {
    // The service sends the article in the background; the feed records the outcome.
    const deadline = Date.now() + deliveryTimeout;
    for (;;) {
      delivery = (await articleActivity(client, projectId, article.id)).find(
        (entry) => entry.event === 'content.published' && entry.type.startsWith('webhook.'),
      );
      if (delivery || Date.now() >= deadline) break;
      await sleep(pollInterval ?? 1_000);
    }
    log(
      delivery
        ? delivery.message
        : `the delivery to ${project.webhook.url} has not succeeded yet; failed attempts are retried after 1, 5 and 30 minutes`,
    );
  }

  const activity = await articleActivity(client, projectId, article.id);
  for (const entry of activity) log(`  ${entry.created_at} ${entry.type}: ${entry.message}`);
  const latest = await client.content.retrieve(projectId, article.id);
  return { article: latest, webhook: Boolean(project.webhook), delivery, activity };
}

/** The feed's entries about one content item, oldest first. */
async function articleActivity(
  client: Rankquill,
  projectId: string,
  contentId: string,
): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  for await (const entry of client.activity.list(projectId, { limit: 100 })) {
    if (entry.content_id === contentId) entries.push(entry);
  }
  return entries.reverse();
}
