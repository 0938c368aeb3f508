<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * The end tags an HTML parser implies, as `HtmlSanitizer` applies them to the elements it keeps
 * open, so that its output nests as a browser would read the input: a block start tag closes an
 * open `<p>`, `<li>` closes the open list item, `<td>`/`<tr>` close the open cell or row, `<a>`
 * closes an open link, a heading closes a heading just opened.
 *
 * @internal
 */
final class HtmlImpliedEndTags
{
    /** Start tags that close an open `<p>` (HTML's "close a p element in button scope"). */
    private const CLOSES_P = [
        'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl',
        'fieldset', 'figcaption', 'figure', 'footer', 'header', 'hgroup', 'main', 'menu', 'nav', 'ol', 'p',
        'search', 'section', 'summary', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'listing', 'form',
        'plaintext', 'table', 'hr', 'xmp', 'dd', 'dt', 'li',
    ];
    private const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
    /** Elements a search for an open element does not look past. */
    private const SCOPE = ['table', 'td', 'th', 'caption', 'button', 'html', 'marquee', 'object', 'applet', 'template'];

    /**
     * How many of the open elements (outermost first) a start tag closes, counted from the innermost.
     *
     * @param list<string> $open
     */
    public static function beforeStartTag(string $name, array $open): int
    {
        $closed = 0;
        if (\in_array($name, self::CLOSES_P, true)) {
            $closed = self::through($open, ['p'], self::SCOPE);
        }
        $rest = \array_slice($open, 0, \count($open) - $closed);
        $more = match (true) {
            $name === 'li' => self::through($rest, ['li'], [...self::SCOPE, 'ul', 'ol']),
            $name === 'dd' || $name === 'dt' => self::through($rest, ['dd', 'dt'], [...self::SCOPE, 'dl']),
            $name === 'td' || $name === 'th' => self::through($rest, ['td', 'th'], ['table', 'tr']),
            $name === 'tr' => self::through($rest, ['tr'], ['table', 'thead', 'tbody', 'tfoot']),
            \in_array($name, ['thead', 'tbody', 'tfoot'], true)
                => self::through($rest, ['thead', 'tbody', 'tfoot'], ['table']),
            $name === 'a' => self::through($rest, ['a'], ['table', 'td', 'th', 'caption', 'template']),
            \in_array($name, self::HEADINGS, true)
                => $rest !== [] && \in_array(end($rest), self::HEADINGS, true) ? 1 : 0,
            default => 0,
        };
        return $closed + $more;
    }

    /** Whether `</p>` finds an open `<p>` to close (else it stands for an empty `<p></p>`). */
    public static function hasOpenP(array $open): bool
    {
        return self::through($open, ['p'], self::SCOPE) > 0;
    }

    /**
     * The count of open elements from the innermost through the innermost of `$names`; 0 when
     * a `$boundary` element (or none of `$names`) comes first.
     *
     * @param list<string> $open
     * @param list<string> $names
     * @param list<string> $boundary
     */
    private static function through(array $open, array $names, array $boundary): int
    {
        for ($index = \count($open) - 1; $index >= 0; $index--) {
            if (\in_array($open[$index], $names, true)) {
                return \count($open) - $index;
            }
            if (\in_array($open[$index], $boundary, true)) {
                return 0;
            }
        }
        return 0;
    }
}
