// Vercel's edge runtime: bundled into one script (as Vercel bundles an edge function, with the
// `edge-light` condition) and evaluated by edge-runtime, which answers `fetch` events.

import * as contract from '@rankquill/contract';
import * as publicArticles from '@rankquill/public-articles';
import * as sdk from '@rankquill/sdk';
import * as webhooks from '@rankquill/webhooks';
import * as webhooksFetch from '@rankquill/webhooks/fetch';
import { createApp } from './app.mjs';

const app = createApp({ contract, sdk, publicArticles, webhooks, webhooksFetch });

addEventListener('fetch', (event) => event.respondWith(app(event.request)));
