// Run with `node src/main.ts "<keyword>"` and RANKQUILL_API_KEY, RANKQUILL_BASE_URL and
// RANKQUILL_PROJECT_ID set (Node 24 runs TypeScript directly, which is why this import names its
// .ts file). LENGTH and POLL_INTERVAL_MS are optional.
import Rankquill from '@rankquill/sdk';
import { generateAndPublish } from './generate-and-publish.ts';

const keyword = process.argv[2];
const projectId = process.env.RANKQUILL_PROJECT_ID;
if (!keyword || !projectId) {
  console.error('usage: RANKQUILL_PROJECT_ID=proj_… node src/main.ts "<keyword>"');
  process.exit(64);
}

const report = await generateAndPublish(new Rankquill(), {
  projectId,
  keyword,
  length: process.env.LENGTH ? Number(process.env.LENGTH) : undefined,
  pollInterval: process.env.POLL_INTERVAL_MS ? Number(process.env.POLL_INTERVAL_MS) : undefined,
  log: (line) => console.log(line),
});
console.log(report.article.published_url ? `live at ${report.article.published_url}` : 'published');
