import type { AiVisibilityService } from './ai-visibility/ai-visibility';
import type { EngineContext } from './kernel/context';
import type { ProjectRecord } from './kernel/records';
import { DAY_MS, startOfUtcDay, utcDate } from './kernel/utc-day';

/** Days of answers the demo projects start with, today included. */
export const DEMO_HISTORY_DAYS = 7;

/** Topics and prompts of the demo projects, by domain. */
const DEMO_TOPICS: Readonly<Record<string, ReadonlyArray<{ name: string; prompts: readonly string[] }>>> = {
  'northwind-coffee.example': [
    {
      name: 'Home brewing',
      prompts: [
        'What is the best coffee for cold brew at home?',
        'Which pour over kettle should a beginner buy?',
      ],
    },
    {
      name: 'Coffee beans',
      prompts: [
        'Where can I buy freshly roasted specialty coffee beans online?',
        'Which coffee roasters have the best decaf?',
      ],
    },
  ],
  'trailhead-outfitters.example': [
    {
      name: 'Backpacking gear',
      prompts: [
        'What is the best ultralight tent for backpacking?',
        'Which hiking boots need the least breaking in?',
      ],
    },
    {
      name: 'Winter hiking',
      prompts: [
        'How should I layer clothing for winter hikes?',
        'Which water filter works best in cold weather?',
      ],
    },
  ],
};

/**
 * Gives each demo project two topics of two prompts, created 6 days ago, with the answers of
 * the last 7 days (today included), as if the daily run had asked them at each 00:00 UTC. The
 * history sends no webhook events: it is the past. Answers follow from the seed like any other.
 */
export async function seedAiVisibilityDemo(
  ctx: EngineContext,
  service: AiVisibilityService,
  projects: ReadonlyArray<Pick<ProjectRecord, 'id'>>,
): Promise<void> {
  const today = startOfUtcDay(ctx.clock.now());
  const firstDay = today - (DEMO_HISTORY_DAYS - 1) * DAY_MS;
  for (const { id } of projects) {
    const promptIds = await ctx.store.transaction(async (tx) => {
      const project = await tx.get<ProjectRecord>('projects', id);
      const ids: string[] = [];
      if (!project) return ids;
      for (const demo of DEMO_TOPICS[project.domain] ?? []) {
        const topic = await service.insertTopic(tx, project, demo.name, firstDay);
        for (const text of demo.prompts)
          ids.push((await service.insertPrompt(tx, project, topic, text, firstDay)).id);
      }
      return ids;
    });
    if (promptIds.length === 0) continue;
    const dates = Array.from({ length: DEMO_HISTORY_DAYS }, (_, index) => utcDate(firstDay + index * DAY_MS));
    await service.runs.recordHistory(id, dates);
  }
}
