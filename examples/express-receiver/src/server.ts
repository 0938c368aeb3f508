// Run with `RANKQUILL_WEBHOOK_SECRET=... [RANKQUILL_WEBHOOK_SIGNING_SECRET=whsec_...] node src/server.ts` (Node 24 runs TypeScript directly,
// which is why this import names its .ts file).
import { SqliteArticleStore } from '@rankquill/webhooks/sqlite';
import { createApp } from './app.ts';

const secret = process.env.RANKQUILL_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set RANKQUILL_WEBHOOK_SECRET to the secret entered in the project webhook settings.');
  process.exit(1);
}
const store = new SqliteArticleStore({ path: process.env.ARTICLES_DB ?? ':memory:' });
// Optional: with the project's signing secret (whsec_…), only deliveries signed with it are accepted.
const signingSecret = process.env.RANKQUILL_WEBHOOK_SIGNING_SECRET || undefined;
const server = createApp({ secret, signingSecret, store }).listen(
  Number(process.env.PORT ?? 3000),
  '127.0.0.1',
  () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : process.env.PORT;
    console.log(`listening on http://127.0.0.1:${port}/webhook`);
  },
);
