<?php

declare(strict_types=1);

// The webhook URL of the project (https://<your site>/webhook): checks x-service-key (and the
// signature, when RANKQUILL_SIGNING_SECRET is set), stores the article and answers the service.
use Rankquill\Webhooks\WebhookReceiver;

$settings = require __DIR__ . '/../bootstrap.php';
(new WebhookReceiver($settings))->handleRequest();
