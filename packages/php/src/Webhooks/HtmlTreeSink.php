<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * What `HtmlTree` reports: every `open` is matched by one `close`, innermost first.
 *
 * @internal
 */
interface HtmlTreeSink
{
    /** Whether an element's tags vanish while its content stays: implied end tags look past it. */
    public function unwrapped(string $name): bool;

    /** @param array<string, string> $attributes in the order received, the first of duplicates kept */
    public function open(string $name, array $attributes): void;

    public function close(string $name): void;

    public function text(string $text): void;
}
