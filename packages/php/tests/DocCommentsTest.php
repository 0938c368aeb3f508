<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;

use function Rankquill\Reference\build;

/**
 * Every public class, interface and method of the package has a docblock with an `@example`: the
 * checks of scripts/reference.php, which writes the PHP API reference of the documentation site
 * (`pnpm docs:build`) from PHP's reflection and fails on the same warnings.
 */
final class DocCommentsTest extends TestCase
{
    public function testEveryPublicSymbolHasADocblockWithAnExample(): void
    {
        require_once \dirname(__DIR__) . '/scripts/reference.php';
        $result = build(\dirname(__DIR__));
        $this->assertSame([], $result['warnings']);
        // The client, its services, errors, pages, the HTTP clients, the receiver, the testing helpers, the models.
        $this->assertGreaterThan(200, $result['checked']);
        $this->assertSame(['index', 'services', 'webhooks', 'testing', 'models'], array_keys($result['pages']));
    }
}
