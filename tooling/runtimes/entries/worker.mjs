// Cloudflare Workers (workerd, through `wrangler dev`), without nodejs_compat: no `process`, no
// Node module. wrangler bundles this file and the packages as it does for a deploy.

import * as contract from '@rankquill/contract';
import * as publicArticles from '@rankquill/public-articles';
import * as sdk from '@rankquill/sdk';
import * as webhooks from '@rankquill/webhooks';
import * as webhooksFetch from '@rankquill/webhooks/fetch';
import { createApp } from './app.mjs';

const app = createApp({ contract, sdk, publicArticles, webhooks, webhooksFetch });

export default { fetch: (request) => app(request) };
