<?php

declare(strict_types=1);

namespace Rankquill\Internal;

/**
 * @internal The query of the page after one: the same filters and limit, the offset moved past
 * this page's items. Checked against packages/contract/vectors/pagination.json.
 *
 * @example
 * $pagination = ['limit' => 2, 'offset' => 0, 'count' => 2, 'has_more' => true];
 * NextPage::params(['status' => 'draft', 'limit' => 2], $pagination);
 * // ['limit' => 2, 'offset' => 2, 'status' => 'draft']
 */
final class NextPage
{
    /**
     * @param array<string, mixed> $params the query that produced the page: limit, offset, filters
     * @param array<string, mixed> $pagination the page's `pagination`: limit, offset, count, has_more
     * @return array<string, mixed>|null null when no page follows
     */
    public static function params(array $params, array $pagination): ?array
    {
        $count = (int) ($pagination['count'] ?? 0);
        // A page with no items cannot move the offset forward: stop rather than loop.
        if (($pagination['has_more'] ?? false) !== true || $count <= 0) {
            return null;
        }
        return ['limit' => (int) $pagination['limit'], 'offset' => (int) $pagination['offset'] + $count] + $params;
    }
}
