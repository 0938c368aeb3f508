import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '@rankquill/mock-server';
import Rankquill from '@rankquill/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../src/csv';
import { loadDashboard } from '../src/dashboard';
import { consoleReport, rankingsCsv, textTable, visibilityCsv } from '../src/report';

let service: RunningServer;

function client(): Rankquill {
  return new Rankquill({ apiKey: service.demo.api_key, baseURL: service.apiBaseUrl, maxRetries: 0 });
}

/** A small RFC 4180 reader, to read back what the example writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  return rows;
}

beforeAll(async () => {
  service = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 21 });
});

afterEach(async () => {
  await fetch(`${service.url}/__admin/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
});

afterAll(async () => {
  await service.close();
});

describe('dashboard', () => {
  it('loads every tracked keyword, best position first, and the visibility score of the API', async () => {
    const projectId = service.demo.project_id;
    const dashboard = await loadDashboard(client(), projectId);
    const listed = await client().keywords.list(projectId, { limit: 100 });
    expect(dashboard.rankings).toHaveLength(listed.pagination.total);
    expect(dashboard.rankings.length).toBeGreaterThan(0);
    const positions = dashboard.rankings.map((keyword) => keyword.position ?? 101);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(dashboard.visibility).toEqual(await client().aiVisibility.retrieve(projectId));
    expect(dashboard.visibility.counts.responses).toBeGreaterThan(0);
  });

  it('writes one CSV row per keyword that reads back to the same figures', async () => {
    const dashboard = await loadDashboard(client(), service.demo.project_id);
    const [header, ...rows] = parseCsv(rankingsCsv(dashboard));
    expect(header).toEqual([
      'keyword',
      'position',
      'change',
      'volume',
      'impressions',
      'clicks',
      'opportunity_score',
    ]);
    expect(rows).toEqual(
      dashboard.rankings.map((k) =>
        [k.keyword, k.position, k.change, k.volume, k.impressions, k.clicks, k.opportunity_score].map(
          (value) => (value === null ? '' : String(value)),
        ),
      ),
    );
    const visibility = parseCsv(visibilityCsv(dashboard));
    expect(visibility[1]?.slice(0, 4)).toEqual([
      'all',
      dashboard.visibility.period.from,
      dashboard.visibility.period.to,
      String(dashboard.visibility.score),
    ]);
    expect(visibility.slice(2).map((row) => row[0])).toEqual(
      dashboard.visibility.platforms.map((p) => p.platform),
    );
  });

  it('quotes commas and quotes, and keeps a keyword that looks like a formula from running', async () => {
    const projectId = service.demo.project_id;
    await client().keywords.create(projectId, { keyword: 'coffee, "cold" brew' });
    await client().keywords.create(projectId, { keyword: '=HYPERLINK("http://evil.example","click")' });
    const csv = rankingsCsv(await loadDashboard(client(), projectId));
    expect(csv).toContain('"coffee, ""cold"" brew",');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(parseCsv(csv).map((row) => row[0])).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(toCsv(['a', 'b'], [['-5', -5]])).toBe("a,b\r\n'-5,-5\r\n");
  });

  it('prints aligned tables of the rankings and of the platforms', async () => {
    const dashboard = await loadDashboard(client(), service.demo.project_id);
    const report = consoleReport(dashboard);
    expect(report.split('\n')[0]).toBe(`Keyword rankings (${dashboard.rankings.length})`);
    expect(report).toContain(`score ${dashboard.visibility.score}`);
    for (const platform of dashboard.visibility.platforms)
      expect(report).toMatch(new RegExp(`^${platform.platform} `, 'm'));
    expect(
      textTable(
        ['name', 'n'],
        [
          ['a', 1],
          ['long name', 12],
          ['b', null],
        ],
      ),
    ).toBe(['name        n', '---------  --', 'a           1', 'long name  12', 'b           -'].join('\n'));
  });

  it('runs as a command that writes the two files', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'rankquill-dashboard-'));
    try {
      const child = spawn(
        process.execPath,
        [fileURLToPath(new URL('../src/main.ts', import.meta.url)), outDir],
        {
          env: {
            ...process.env,
            RANKQUILL_API_KEY: service.demo.api_key,
            RANKQUILL_BASE_URL: service.apiBaseUrl,
            RANKQUILL_PROJECT_ID: service.demo.project_id,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
      const dashboard = await loadDashboard(client(), service.demo.project_id);
      expect(output).toContain(consoleReport(dashboard));
      expect(readFileSync(join(outDir, 'rankings.csv'), 'utf8')).toBe(rankingsCsv(dashboard));
      expect(readFileSync(join(outDir, 'ai-visibility.csv'), 'utf8')).toBe(visibilityCsv(dashboard));
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
