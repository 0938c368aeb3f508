<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\Exception\InvalidArgumentException;

/**
 * @internal Builds request paths from templates, so that an id can never reach another route.
 */
final class PathTemplate
{
    /**
     * `expand('/projects/{projectId}', ['projectId' => 'a/b'])` gives `/projects/a%2Fb`. An id
     * that is empty, `.` or `..` is refused before any request: encoded or not, a server or proxy
     * may read it as "this folder" or "the folder above" and act on another resource.
     *
     * @param array<string, string> $ids
     */
    public static function expand(string $template, array $ids): string
    {
        $replacements = [];
        foreach ($ids as $name => $value) {
            if ($value === '' || $value === '.' || $value === '..') {
                throw new InvalidArgumentException(sprintf(
                    '$%s must be an id such as the `id` field of the resource, got %s; '
                    . 'an empty, "." or ".." id would address another resource.',
                    $name,
                    json_encode($value),
                ));
            }
            $replacements['{' . $name . '}'] = rawurlencode($value);
        }
        return strtr($template, $replacements);
    }
}
