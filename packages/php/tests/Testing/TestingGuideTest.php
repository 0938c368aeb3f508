<?php

declare(strict_types=1);

namespace Rankquill\Tests\Testing;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Composer;
use Rankquill\Tests\Support\ReferenceServer;
use Rankquill\Tests\Support\RunsGuideSamples;

/**
 * Runs the PHPUnit sample of docs/testing.md as its CI recipe does: a project that installed this
 * package with Composer (from the repository, a path repository) and has `@rankquill/mock-server`
 * in its `node_modules` (the repository's, linked), where `phpunit` runs the sample as written.
 */
final class TestingGuideTest extends TestCase
{
    use RunsGuideSamples;

    public function testTheGuidesTestClassPassesWithTheServerFromNodeModules(): void
    {
        $samples = self::guideSamples('docs/testing.md', '## In your test suite, in every language', 'php|sh');
        $this->assertCount(2, $samples, 'docs/testing.md has the PHPUnit sample and the PHP CI recipe');
        [$class, $recipe] = $samples;
        $this->assertStringContainsString('vendor/bin/phpunit tests', $recipe);
        $this->installThePackageAndTheServer();
        mkdir("{$this->sampleFolder}/tests");
        file_put_contents("{$this->sampleFolder}/tests/ArticlesTest.php", $class);

        $output = $this->runPhpunit('vendor/autoload.php', 'tests', mockCommand: null);
        $this->assertStringContainsString('OK (2 tests', $output);
    }

    /** `composer require --dev rankquill/rankquill` and `npm install --save-dev @rankquill/mock-server`, offline. */
    private function installThePackageAndTheServer(): void
    {
        $packages = "{$this->sampleFolder}/node_modules/@rankquill";
        mkdir($packages, 0777, true);
        symlink(ReferenceServer::repositoryRoot() . '/mock-server', "{$packages}/mock-server");
        file_put_contents("{$this->sampleFolder}/composer.json", json_encode([
            'require-dev' => ['rankquill/rankquill' => '*'],
            'repositories' => [['type' => 'path', 'url' => \dirname(__DIR__, 2)], ['packagist.org' => false]],
            'minimum-stability' => 'dev',
        ]));
        Composer::install($this->sampleFolder);
    }
}
