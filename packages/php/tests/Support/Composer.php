<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/** Runs Debian's `composer`, offline: projects take this package from a path repository. */
final class Composer
{
    /** `composer install` in the folder; throws with composer's output when it fails. */
    public static function install(string $folder): void
    {
        exec(
            'cd ' . escapeshellarg($folder)
            . ' && COMPOSER_ALLOW_SUPERUSER=1 composer install --no-interaction --no-progress --quiet 2>&1',
            $output,
            $status,
        );
        if ($status !== 0) {
            throw new \RuntimeException("composer install failed in {$folder}:\n" . implode("\n", $output));
        }
    }
}
