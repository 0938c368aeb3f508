// Run with `RANKQUILL_WEBHOOK_SECRET=... node src/main.ts` (Node 24 runs TypeScript directly,
// which is why these imports name their .ts files).
import { serveRoute } from './node-server.ts';
import { POST } from './route.ts';

const { url } = await serveRoute(POST, { port: Number(process.env.PORT ?? 3000) });
console.log(`listening on ${url}`);
