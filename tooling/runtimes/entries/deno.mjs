// Deno: the packages from node_modules (Deno reads the project's package.json), served by
// Deno.serve. Run without --allow-env: reading the environment is refused.

import * as contract from '@rankquill/contract';
import * as publicArticles from '@rankquill/public-articles';
import * as sdk from '@rankquill/sdk';
import * as webhooks from '@rankquill/webhooks';
import * as webhooksFetch from '@rankquill/webhooks/fetch';
import { createApp } from './app.mjs';

const app = createApp({ contract, sdk, publicArticles, webhooks, webhooksFetch });
Deno.serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` })),
  },
  app,
);
