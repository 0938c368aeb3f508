<?php

declare(strict_types=1);

namespace Rankquill;

use Rankquill\Model\Pagination;
use Rankquill\Model\PublicArticleListItem;

/**
 * One page of the public article API: `articles` (also `data`) and `pagination`, with
 * `hasNextPage()`, `nextPage()` and `autoPagingIterator()`.
 *
 * @example
 * $page = $articles->list(['limit' => 10]);
 * while (true) {
 *     foreach ($page->articles as $item) { echo $item->title, "\n"; }
 *     if (!$page->hasNextPage()) { break; }
 *     $page = $page->nextPage();
 * }
 *
 * @extends Page<PublicArticleListItem>
 */
final class ArticlePage extends Page
{
    /** @var list<PublicArticleListItem> the articles of this page, without their body */
    public readonly array $articles;

    /**
     * @internal `PublicArticles::list()` builds pages; there is no need to construct one.
     *
     * @param list<PublicArticleListItem> $data
     * @param \Closure(array<string, mixed>): ArticlePage $fetchPage
     * @param array<string, mixed> $params
     */
    public function __construct(array $data, Pagination $pagination, \Closure $fetchPage, array $params = [])
    {
        parent::__construct($data, $pagination, $fetchPage, $params);
        $this->articles = $data;
    }
}
