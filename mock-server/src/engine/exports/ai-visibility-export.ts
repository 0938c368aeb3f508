import type { AiVisibilityDailyFigures } from '@rankquill/contract';
import type { AiVisibilityService, DatePeriod } from '../ai-visibility/ai-visibility';
import { isoTime } from '../kernel/clock';
import type { ProjectRecord } from '../kernel/records';
import { exportProject, jsonArrayItems } from './content-export';
import { CSV_LIST_SEPARATOR, csvRow } from './csv';

/** What the AI-visibility export reads: the public iterators and scores of the AI-visibility service. */
export type AiVisibilitySource = Pick<
  AiVisibilityService,
  'scoreOf' | 'dailyScores' | 'topicsOf' | 'promptsOf' | 'responsesOf'
>;

/** Media type and file extension of the AI-visibility export. */
export const AI_VISIBILITY_EXPORT_MEDIA = {
  contentType: 'application/json; charset=utf-8',
  extension: 'json',
} as const;

/**
 * The members of the AI-visibility export after its head: `"visibility"` (score, citation score,
 * platform breakdown and cited domains over `period`, by default the last 30 days), `"daily"`,
 * then every topic, prompt and response (only the responses of `period`, when one is given),
 * each array written item by item.
 */
export async function* aiVisibilityMembers(
  source: AiVisibilitySource,
  project: ProjectRecord,
  period: DatePeriod | undefined,
): AsyncGenerator<string> {
  const [visibility, daily] = await Promise.all([
    source.scoreOf(project, period),
    source.dailyScores(project, period),
  ]);
  yield `"visibility":${JSON.stringify(visibility)},"daily":${JSON.stringify(daily satisfies AiVisibilityDailyFigures[])}`;
  yield ',"topics":[';
  yield* jsonArrayItems(source.topicsOf(project), (topic) => topic);
  yield '],"prompts":[';
  yield* jsonArrayItems(source.promptsOf(project), (prompt) => prompt);
  yield '],"responses":[';
  yield* jsonArrayItems(source.responsesOf(project, period ?? {}), (response) => response);
  yield ']';
}

/**
 * The AI-visibility export as one JSON document, `{"object": "ai_visibility_export", …}`.
 *
 * @example
 * ```ts
 * const pieces = aiVisibilityJson(engine.aiVisibility, project, clock.now());
 * ```
 */
export async function* aiVisibilityJson(
  source: AiVisibilitySource,
  project: ProjectRecord,
  exportedAt: number,
  period?: DatePeriod,
): AsyncGenerator<string> {
  const head = JSON.stringify({
    object: 'ai_visibility_export',
    project: exportProject(project),
    exported_at: isoTime(exportedAt),
  });
  yield `${head.slice(0, -1)},`;
  yield* aiVisibilityMembers(source, project, period);
  yield '}';
}

const METRIC_COLUMNS = [
  'score',
  'citation_score',
  'mention_rate',
  'average_position',
  'responses',
  'mentioned',
  'cited',
  'mentions',
] as const;

type Metrics = Omit<AiVisibilityDailyFigures, 'date'>;

function metricCells(figures: Metrics) {
  const { counts } = figures;
  return [
    figures.score,
    figures.citation_score,
    figures.mention_rate,
    figures.average_position,
    counts.responses,
    counts.mentioned,
    counts.cited,
    counts.mentions,
  ];
}

/**
 * The AI-visibility data as CSV files for the ZIP of a bulk export: the platform breakdown
 * (first row `all`), the daily figures, topics, prompts and responses.
 */
export function aiVisibilityCsvFiles(
  source: AiVisibilitySource,
  project: ProjectRecord,
  period: DatePeriod | undefined,
): Array<{ name: string; rows: () => AsyncIterable<string> }> {
  return [
    {
      name: 'ai-visibility-platforms.csv',
      async *rows() {
        const score = await source.scoreOf(project, period);
        yield csvRow(['platform', 'from', 'to', ...METRIC_COLUMNS]);
        const { from, to } = score.period;
        yield csvRow(['all', from, to, ...metricCells(score)]);
        for (const platform of score.platforms)
          yield csvRow([platform.platform, from, to, ...metricCells(platform)]);
      },
    },
    {
      name: 'ai-visibility-daily.csv',
      async *rows() {
        yield csvRow(['date', ...METRIC_COLUMNS]);
        for (const day of await source.dailyScores(project, period))
          yield csvRow([day.date, ...metricCells(day)]);
      },
    },
    {
      name: 'ai-visibility-topics.csv',
      async *rows() {
        yield csvRow(['id', 'name', 'prompt_count', 'created_at']);
        for await (const topic of source.topicsOf(project)) {
          yield csvRow([topic.id, topic.name, topic.prompt_count, topic.created_at]);
        }
      },
    },
    {
      name: 'ai-visibility-prompts.csv',
      async *rows() {
        yield csvRow(['id', 'topic_id', 'text', 'created_at']);
        for await (const prompt of source.promptsOf(project)) {
          yield csvRow([prompt.id, prompt.topic_id, prompt.text, prompt.created_at]);
        }
      },
    },
    {
      name: 'ai-visibility-responses.csv',
      async *rows() {
        yield csvRow([
          'id',
          'prompt_id',
          'topic_id',
          'platform',
          'date',
          'ran_at',
          'mentioned',
          'mentions',
          'cited_urls',
          'project_citations',
          'text',
        ]);
        for await (const response of source.responsesOf(project, period ?? {})) {
          yield csvRow([
            response.id,
            response.prompt_id,
            response.topic_id,
            response.platform,
            response.date,
            response.ran_at,
            response.mentioned,
            response.mentions.length,
            response.cited_urls.join(CSV_LIST_SEPARATOR),
            response.project_citations.join(CSV_LIST_SEPARATOR),
            response.text,
          ]);
        }
      },
    },
  ];
}
