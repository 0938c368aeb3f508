import type { EngineContext } from './kernel/context';
import type { ProjectRecord } from './kernel/records';
import { DAY_MS } from './kernel/utc-day';
import type { KeywordService } from './keywords/keywords';

/** Days of ranking history the demo keywords start with, today included. */
export const DEMO_HISTORY_DAYS = 28;

/** A demo project and the keywords it tracks. */
export interface DemoKeywords {
  projectId: string;
  keywords: readonly string[];
}

/**
 * Tracks the demo projects' keywords as if they had been added `DEMO_HISTORY_DAYS - 1` days
 * ago: each gets one back-dated check a day up to today, derived from the seed, and the
 * projects' daily checks are scheduled. Back-filled days send no webhook event.
 *
 * @example
 * ```ts
 * await seedDemoKeywords(ctx, keywords, [{ projectId: 'proj_123', keywords: ['cold brew ratio'] }]);
 * ```
 */
export async function seedDemoKeywords(
  ctx: EngineContext,
  keywords: KeywordService,
  demos: readonly DemoKeywords[],
): Promise<void> {
  const since = ctx.clock.now() - (DEMO_HISTORY_DAYS - 1) * DAY_MS;
  for (const demo of demos) {
    const project = await ctx.store.get<ProjectRecord>('projects', demo.projectId);
    if (!project) throw new Error(`demo project ${demo.projectId} is missing`);
    for (const keyword of demo.keywords) await keywords.backfill(project, keyword, since);
  }
}
