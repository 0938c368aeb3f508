<?php

declare(strict_types=1);

namespace Rankquill\Internal;

/**
 * @internal Holds a key so that it never shows: not in var_dump(), print_r(), var_export(),
 * serialize() or an exception's trace. The value lives only inside a closure.
 */
final class Secret
{
    private \Closure $reveal;

    public function __construct(#[\SensitiveParameter] string $value)
    {
        $this->reveal = static fn (): string => $value;
    }

    public function reveal(): string
    {
        return ($this->reveal)();
    }

    /** @return array<string, string> */
    public function __debugInfo(): array
    {
        return ['value' => '[redacted]'];
    }

    /** @return array<string, mixed> */
    public function __serialize(): array
    {
        throw new \LogicException('A Rankquill key cannot be serialized.');
    }
}
