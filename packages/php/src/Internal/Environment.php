<?php

declare(strict_types=1);

namespace Rankquill\Internal;

/** @internal */
final class Environment
{
    /** The variable's value, from getenv() or $_ENV/$_SERVER (PHP-FPM may fill only those); null when unset or empty. */
    public static function read(string $name): ?string
    {
        $value = getenv($name);
        if (!\is_string($value) || $value === '') {
            $value = $_ENV[$name] ?? $_SERVER[$name] ?? null;
        }
        return \is_string($value) && $value !== '' ? $value : null;
    }
}
