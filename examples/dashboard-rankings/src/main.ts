// Run with RANKQUILL_API_KEY, RANKQUILL_BASE_URL and RANKQUILL_PROJECT_ID set:
// `node src/main.ts [out-dir]` (Node 24 runs TypeScript directly, which is why these imports
// name their .ts files). Writes rankings.csv and ai-visibility.csv into out-dir (default `.`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Rankquill from '@rankquill/sdk';
import { loadDashboard } from './dashboard.ts';
import { consoleReport, rankingsCsv, visibilityCsv } from './report.ts';

const projectId = process.env.RANKQUILL_PROJECT_ID;
if (!projectId) {
  console.error('usage: RANKQUILL_PROJECT_ID=proj_… node src/main.ts [out-dir]');
  process.exit(64);
}
const outDir = process.argv[2] ?? '.';

const dashboard = await loadDashboard(new Rankquill(), projectId);
console.log(consoleReport(dashboard));

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'rankings.csv'), rankingsCsv(dashboard));
writeFileSync(join(outDir, 'ai-visibility.csv'), visibilityCsv(dashboard));
console.log(`\nwrote ${join(outDir, 'rankings.csv')} and ${join(outDir, 'ai-visibility.csv')}`);
