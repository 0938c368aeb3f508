// Bun: the packages from node_modules, served by Bun.serve.

import * as contract from '@rankquill/contract';
import * as publicArticles from '@rankquill/public-articles';
import * as sdk from '@rankquill/sdk';
import * as webhooks from '@rankquill/webhooks';
import * as webhooksFetch from '@rankquill/webhooks/fetch';
import { createApp } from './app.mjs';

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: createApp({ contract, sdk, publicArticles, webhooks, webhooksFetch }),
});
console.log(JSON.stringify({ url: `http://127.0.0.1:${server.port}` }));
