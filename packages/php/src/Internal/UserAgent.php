<?php

declare(strict_types=1);

namespace Rankquill\Internal;

use Rankquill\RankquillClient;

/** @internal */
final class UserAgent
{
    public static function value(): string
    {
        return sprintf('rankquill-php/%s PHP/%s', RankquillClient::VERSION, PHP_VERSION);
    }
}
