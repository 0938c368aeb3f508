// The customer module under test: it turns a list of keywords into articles and publishes what
// is ready. Nothing here knows about the mock; the tests point the client at it.
import type { ContentCreateResponse, Rankquill } from '@rankquill/sdk';

/** Options of `scheduleArticles`. */
export interface ScheduleOptions {
  /** Words per article; the service's default when left out. */
  length?: number;
}

/**
 * Starts one article for each keyword the project has no content for yet (compared without
 * case), so running it twice with the same list writes nothing twice.
 */
export async function scheduleArticles(
  client: Rankquill,
  projectId: string,
  keywords: string[],
  { length }: ScheduleOptions = {},
): Promise<ContentCreateResponse[]> {
  const known = new Set<string>();
  for await (const item of client.content.list(projectId, { limit: 100 }))
    known.add(item.keyword.toLowerCase());
  const started: ContentCreateResponse[] = [];
  for (const keyword of keywords) {
    if (known.has(keyword.toLowerCase())) continue;
    known.add(keyword.toLowerCase());
    started.push(await client.content.create(projectId, { keyword, ...(length ? { length } : {}) }));
  }
  return started;
}

/** Publishes every draft of the project and answers the keywords it published. */
export async function publishReadyDrafts(client: Rankquill, projectId: string): Promise<string[]> {
  const drafts = [];
  for await (const item of client.content.list(projectId, { status: 'draft', limit: 100 })) drafts.push(item);
  const published: string[] = [];
  for (const draft of drafts) {
    await client.content.publish(projectId, draft.id);
    published.push(draft.keyword);
  }
  return published;
}
