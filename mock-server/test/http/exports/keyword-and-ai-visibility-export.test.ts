import { AiVisibilityExport } from '@rankquill/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byColumn, parseCsv } from '../../support/csv';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
});
afterAll(() => server.close());

describe('GET /v1/projects/:id/ai-visibility/export', () => {
  const demoPath = (suffix: string) => `/v1/projects/${server.demo.project_id}${suffix}`;

  it('streams topics, prompts, every response, the score with its platform breakdown and daily figures', async () => {
    const answer = await server.call('GET', demoPath('/ai-visibility/export?format=json'), { key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="northwind-coffee-ai-visibility-2026-01-01.json"',
    );
    const document = AiVisibilityExport.parse(answer.body);
    expect(document.project.id).toBe(server.demo.project_id);
    expect(document.topics.map((topic) => topic.name)).toEqual(['Home brewing', 'Coffee beans']);
    expect(document.prompts).toHaveLength(4);
    // More answers than one page of the service's iterator: all of them arrive, once each.
    const listed = await server.call('GET', demoPath('/ai-visibility/responses?limit=1'), { key });
    expect(listed.body.pagination.total).toBeGreaterThan(100);
    expect(document.responses).toHaveLength(listed.body.pagination.total);
    expect(new Set(document.responses.map((response) => response.id)).size).toBe(document.responses.length);

    const score = await server.call('GET', demoPath('/ai-visibility'), { key });
    expect(document.visibility).toEqual(score.body);
    expect(document.visibility.platforms.map((platform) => platform.platform)).toEqual([
      'chatgpt',
      'perplexity',
      'gemini',
      'claude',
      'google_ai_overviews',
    ]);
    expect(document.daily).toHaveLength(30);
    expect(document.daily.at(-1)?.date).toBe('2026-01-01');
  });

  it('answers 400 naming `format` for a format it does not offer', async () => {
    const answer = await server.call('GET', demoPath('/ai-visibility/export?format=csv'), { key });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ param: 'format', message: '`format` must be one of: json.' });
  });
});

describe('GET /v1/projects/:id/keywords/export', () => {
  it('streams the columns of spec 2.3, one row per tracked keyword', async () => {
    const demoPath = `/v1/projects/${server.demo.project_id}`;
    const answer = await server.call('GET', `${demoPath}/keywords/export?format=csv`, { key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="northwind-coffee-keywords-2026-01-01.csv"',
    );
    const rows = byColumn(parseCsv(answer.text));
    const listed = await server.call('GET', `${demoPath}/keywords?limit=100`, { key });
    expect(rows.length).toBe(listed.body.pagination.total);
    expect(rows.length).toBeGreaterThan(0);
    const byKeyword = new Map(
      listed.body.data.map((keyword: { keyword: string }) => [keyword.keyword, keyword]),
    );
    for (const row of rows) {
      const keyword = byKeyword.get(row.keyword) as Record<string, number | null>;
      expect(row).toEqual({
        keyword: row.keyword,
        volume: String(keyword.volume),
        position: keyword.position === null ? '' : String(keyword.position),
        position_change: keyword.change === null ? '' : String(keyword.change),
        impressions: String(keyword.impressions),
        clicks: String(keyword.clicks),
        opportunity_score: String(keyword.opportunity_score),
      });
    }
    const wrong = await server.call('GET', `${demoPath}/keywords/export?format=json`, { key });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.param).toBe('format');
  });
});
