// Node, CommonJS: the packages named in RUNTIME_PACKAGES loaded with `require`.
const { createApp } = require('./app.cjs');
const { serveOnNode } = require('./node-serve.cjs');

const wanted = (process.env.RUNTIME_PACKAGES ?? '').split(',');
const packages = {};
if (wanted.includes('contract')) packages.contract = require('@rankquill/contract');
if (wanted.includes('sdk')) packages.sdk = require('@rankquill/sdk');
if (wanted.includes('public-articles')) packages.publicArticles = require('@rankquill/public-articles');
if (wanted.includes('webhooks')) {
  packages.webhooks = require('@rankquill/webhooks');
  packages.webhooksFetch = require('@rankquill/webhooks/fetch');
  const { SqliteArticleStore } = require('@rankquill/webhooks/sqlite');
  packages.sqliteStore = () => {
    const store = new SqliteArticleStore();
    // A warning of the app's own, after the store loaded node:sqlite: it must still be printed.
    process.emitWarning('a warning of the app itself', 'ExperimentalWarning');
    return store;
  };
}
serveOnNode(createApp(packages));
