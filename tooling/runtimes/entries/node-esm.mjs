// Node, ES modules: the packages named in RUNTIME_PACKAGES loaded with `import`.
import { createApp } from './app.mjs';
import { serveOnNode } from './node-serve.mjs';

const wanted = (process.env.RUNTIME_PACKAGES ?? '').split(',');
const packages = {};
if (wanted.includes('contract')) packages.contract = await import('@rankquill/contract');
if (wanted.includes('sdk')) packages.sdk = await import('@rankquill/sdk');
if (wanted.includes('public-articles')) packages.publicArticles = await import('@rankquill/public-articles');
if (wanted.includes('webhooks')) {
  packages.webhooks = await import('@rankquill/webhooks');
  packages.webhooksFetch = await import('@rankquill/webhooks/fetch');
  const { SqliteArticleStore } = await import('@rankquill/webhooks/sqlite');
  packages.sqliteStore = () => {
    const store = new SqliteArticleStore();
    // A warning of the app's own, after the store loaded node:sqlite: it must still be printed.
    process.emitWarning('a warning of the app itself', 'ExperimentalWarning');
    return store;
  };
}
serveOnNode(createApp(packages));
