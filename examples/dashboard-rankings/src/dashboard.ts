import type { AiVisibilityScore, Keyword, Rankquill } from '@rankquill/sdk';

/** What the dashboard shows: every tracked keyword's latest ranking and the visibility score. */
export interface Dashboard {
  projectId: string;
  /** Every tracked keyword, best position first; keywords not in the top 100 last. */
  rankings: Keyword[];
  visibility: AiVisibilityScore;
}

/** The period of the visibility score: UTC days, `YYYY-MM-DD`; by default the last 30 days. */
export interface DashboardPeriod {
  from?: string;
  to?: string;
}

/** Reads the dashboard's figures: one request per 100 keywords, and one for the score. */
export async function loadDashboard(
  client: Rankquill,
  projectId: string,
  period: DashboardPeriod = {},
): Promise<Dashboard> {
  const [rankings, visibility] = await Promise.all([
    (async () => {
      const keywords: Keyword[] = [];
      for await (const keyword of client.keywords.list(projectId, { limit: 100 })) keywords.push(keyword);
      return keywords.sort(byPosition);
    })(),
    client.aiVisibility.retrieve(projectId, period),
  ]);
  return { projectId, rankings, visibility };
}

function byPosition(a: Keyword, b: Keyword): number {
  return (
    (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY) ||
    a.keyword.localeCompare(b.keyword)
  );
}
