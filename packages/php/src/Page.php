<?php

declare(strict_types=1);

namespace Rankquill;

use Rankquill\Internal\NextPage;
use Rankquill\Model\Pagination;

/**
 * One page of a list: its items in `data`, its position in `pagination`. `foreach` over a page
 * walks this page; `autoPagingIterator()` walks every item of this page and the pages after it,
 * fetching them as it goes.
 *
 * @example
 * $page = $client->projects->list(['limit' => 20]);
 * foreach ($page->autoPagingIterator() as $project) {
 *     echo $project->name, "\n";
 * }
 *
 * @template T of RankquillObject
 * @implements \IteratorAggregate<int, T>
 */
class Page implements \IteratorAggregate, \Countable
{
    /**
     * @internal `list()` methods build pages; there is no need to construct one.
     *
     * @param list<T> $data
     * @param \Closure(array<string, mixed>): static $fetchPage fetches the page of a query
     * @param array<string, mixed> $params the query that produced this page: limit, offset, filters
     */
    public function __construct(
        /** Items of this page. */
        public readonly array $data,
        /** Position of this page in the list: limit, offset, count, total, has_more. */
        public readonly Pagination $pagination,
        private readonly \Closure $fetchPage,
        private readonly array $params = [],
    ) {
    }

    /**
     * True when another page follows.
     *
     * @example
     * while ($page->hasNextPage()) { $page = $page->nextPage(); }
     */
    public function hasNextPage(): bool
    {
        return NextPage::params($this->params, $this->pagination->toArray()) !== null;
    }

    /**
     * Fetches the page after this one, with the same page size.
     *
     * @example
     * $second = $client->content->list($projectId, ['limit' => 10])->nextPage();
     *
     * @return static
     */
    public function nextPage(): static
    {
        $next = NextPage::params($this->params, $this->pagination->toArray());
        if ($next === null) {
            throw new Exception\InvalidArgumentException('This is the last page; check hasNextPage() before calling '
                . 'nextPage().');
        }
        return ($this->fetchPage)($next);
    }

    /**
     * Yields every item of this page and of the pages after it, fetching each page when the
     * one before is used up.
     *
     * @example
     * foreach ($client->content->list($projectId)->autoPagingIterator() as $item) {
     *     echo $item->id, ' ', $item->status, "\n";
     * }
     *
     * @return \Generator<int, T>
     */
    public function autoPagingIterator(): \Generator
    {
        $page = $this;
        while (true) {
            foreach ($page->data as $item) {
                yield $item;
            }
            if (!$page->hasNextPage()) {
                return;
            }
            $page = $page->nextPage();
        }
    }

    /**
     * Walks the items of this page only.
     *
     * @example
     * foreach ($page as $item) { echo $item->id; }
     *
     * @return \ArrayIterator<int, T>
     */
    public function getIterator(): \ArrayIterator
    {
        return new \ArrayIterator($this->data);
    }

    /**
     * The number of items on this page.
     *
     * @example
     * count($page);
     */
    public function count(): int
    {
        return \count($this->data);
    }
}
