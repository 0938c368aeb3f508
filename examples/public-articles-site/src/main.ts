// Run with `RANKQUILL_PUBLIC_API_KEY=... RANKQUILL_CONTENT_API_URL=... node src/main.ts` (Node 24
// runs TypeScript directly, which is why this import names its .ts file).
import { createServer } from 'node:http';
import { PublicArticles } from '@rankquill/public-articles';
import { createSite } from './site.ts';

const site = createSite({
  articles: new PublicArticles(), // reads RANKQUILL_PUBLIC_API_KEY and RANKQUILL_CONTENT_API_URL
  name: process.env.SITE_NAME ?? 'Our blog',
  pageSize: Number(process.env.PAGE_SIZE ?? 10),
});
const server = createServer(site).listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : process.env.PORT;
  console.log(`listening on http://127.0.0.1:${port}/`);
});
