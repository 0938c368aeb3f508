<?php

declare(strict_types=1);

// The site's settings, shared by every page: Composer's autoloader, the webhook secrets from the
// environment, and the SQLite file the articles live in. Answers the WebhookReceiver options.
require __DIR__ . '/vendor/autoload.php';

return [
    'secret' => (string) getenv('RANKQUILL_WEBHOOK_SECRET'),
    'signing_secret' => getenv('RANKQUILL_SIGNING_SECRET') ?: null,
    'store' => new Rankquill\Webhooks\PdoSqliteArticleStore(getenv('ARTICLES_DB') ?: __DIR__ . '/articles.db'),
];
