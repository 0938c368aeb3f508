<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

use Rankquill\Model\ArticlePayload;

/**
 * An article as a receiver keeps it: the payload of spec 2.5 with defaults applied and its
 * content sanitized, plus the URL the receiver answered and when it arrived.
 *
 * @example
 * $article = $store->get('cold-brew-ratio');
 * echo $article->title, ' at ', $article->url; // /en/resources/blog/cold-brew-ratio
 */
class StoredArticle extends ArticlePayload
{
    /** @internal Declared fields, for RankquillObject. */
    protected const FIELDS = parent::FIELDS + ['url' => null, 'received_at' => null];

    /** The URL the receiver answered: `<site_base_url>/<language>/resources/blog/<slug>`. */
    public string $url;

    /** When the receiver last stored the article, ISO 8601 UTC from its own clock. */
    public string $received_at;
}
