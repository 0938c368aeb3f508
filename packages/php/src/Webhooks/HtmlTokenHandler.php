<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * What `HtmlTokenizer` reports, in input order.
 *
 * @internal
 */
interface HtmlTokenHandler
{
    /** Whether the innermost open element is in SVG or MathML: asked at each start tag and CDATA. */
    public function inForeignContent(): bool;

    /**
     * A start tag: its name in lower case, its attributes in order (the first of duplicates kept).
     *
     * @param array<string, string> $attributes
     */
    public function startTag(string $name, array $attributes, bool $selfClosing): void;

    public function endTag(string $name): void;

    /** Text with its character references decoded. */
    public function text(string $text): void;
}
