<?php

declare(strict_types=1);

namespace Rankquill\Tests\Examples;

use Rankquill\Tests\Support\ChildProcess;
use Rankquill\Tests\Support\Composer;
use Rankquill\Tests\Support\HttpCall;
use Rankquill\Tests\Support\ReferenceServer;
use Rankquill\Tests\Support\ServerTestCase;
use Rankquill\Webhooks\ArticlePage;
use Rankquill\Webhooks\Webhook;

/**
 * examples/php-receiver over real HTTP: installed with Composer (a path repository, offline),
 * served by `php -S` with its router, fed by the reference server and by `rankquill-mock trigger`.
 */
final class PhpReceiverTest extends ServerTestCase
{
    private const SECRET = 'example-hook-secret';
    private const SIGNING_SECRET = 'whsec_9ZxHoEOH6PjrGl4LR0sjyG8fvOAnF6ARkA4n7prulYU=';

    private static string $example;
    /** @var list<array{ChildProcess, string}> */
    private static array $sites = [];

    public static function setUpBeforeClass(): void
    {
        // A copy, so that the test writes nothing into the repository; its path repository points
        // at this package as the example's own `../../packages/php` does.
        $source = ReferenceServer::repositoryRoot() . '/examples/php-receiver';
        self::$example = sys_get_temp_dir() . '/rankquill-example-' . bin2hex(random_bytes(4));
        $folder = new \RecursiveDirectoryIterator($source, \FilesystemIterator::SKIP_DOTS);
        foreach (new \RecursiveIteratorIterator($folder) as $file) {
            $relative = substr($file->getPathname(), \strlen($source) + 1);
            if (preg_match('#^vendor/|^composer\.lock$|\.db$#', $relative) !== 1) {
                @mkdir(\dirname(self::$example . "/{$relative}"), 0o777, true);
                copy($file->getPathname(), self::$example . "/{$relative}");
            }
        }
        $composer = json_decode((string) file_get_contents("{$source}/composer.json"), true);
        $composer['repositories'][0]['url'] = \dirname(__DIR__, 2);
        file_put_contents(self::$example . '/composer.json', json_encode($composer));
        Composer::install(self::$example);
    }

    public static function tearDownAfterClass(): void
    {
        foreach (self::$sites as [$process, $database]) {
            $process->stop();
            @unlink($database);
            @unlink($process->stdoutFile);
            @unlink($process->stderrFile);
        }
        self::$sites = [];
        exec('rm -rf ' . escapeshellarg(self::$example));
    }

    /** Starts the example site with `php -S` and answers its base URL. */
    private static function startSite(?string $signingSecret = null): string
    {
        $port = ChildProcess::freePort();
        $files = sys_get_temp_dir() . '/rankquill-php-receiver-' . bin2hex(random_bytes(4));
        $environment = getenv();
        $environment['RANKQUILL_WEBHOOK_SECRET'] = self::SECRET;
        $environment['ARTICLES_DB'] = "{$files}.db";
        $environment['PHP_CLI_SERVER_WORKERS'] = '2';
        if ($signingSecret !== null) {
            $environment['RANKQUILL_SIGNING_SECRET'] = $signingSecret;
        }
        $process = new ChildProcess(
            [PHP_BINARY, '-S', "127.0.0.1:{$port}", 'router.php'],
            "{$files}.out",
            "{$files}.err",
            $environment,
            self::$example,
        );
        self::$sites[] = [$process, "{$files}.db"];
        ChildProcess::waitForPort($port);
        return "http://127.0.0.1:{$port}";
    }

    public function testTheServiceDeliversAPublishedArticleThatTheSiteThenShows(): void
    {
        $site = self::startSite();
        $client = $this->server->client();
        $projectId = $this->server->projectId;
        $client->projects->update($projectId, ['webhook' => ['url' => "{$site}/webhook", 'secret' => self::SECRET]]);
        $draft = $client->content->list($projectId, ['status' => 'draft'])->data[0];
        $client->content->publish($projectId, $draft->id);
        $this->server->advance(0); // returns once the background delivery has been answered

        $published = $client->content->retrieve($projectId, $draft->id);
        $this->assertSame("/en/resources/blog/{$published->slug}", $published->published_url);
        $page = HttpCall::send('GET', $site . $published->published_url);
        $this->assertSame(200, $page['status'], $page['body']);
        $this->assertSame(ArticlePage::CONTENT_SECURITY_POLICY, $page['headers']['content-security-policy']);
        $this->assertStringContainsString(
            '<h1>' . strtr((string) $published->title, [
                '&' => '&amp;', '<' => '&lt;', '>' => '&gt;', '"' => '&quot;', "'" => '&#39;',
            ]) . '</h1>',
            $page['body'],
        );
        $this->assertStringContainsString((string) $published->content, $page['body']);
        $index = HttpCall::send('GET', "{$site}/");
        $this->assertStringContainsString("href=\"{$published->published_url}\"", $index['body']);

        $test = $client->webhooks->test($projectId);
        $this->server->advance(0); // returns once the background test delivery has been answered
        $latest = $client->deliveries->list($projectId, ['limit' => 1])->data[0];
        $this->assertSame([$test->id, 'succeeded', 200], [$latest->id, $latest->status, $latest->attempts[0]->status]);
        $answer = json_decode($latest->attempts[0]->answer, true);
        $this->assertSame(200, HttpCall::send('GET', $site . (string) $answer['url'])['status']);

        $client->content->unpublish($projectId, $draft->id);
        $this->server->advance(0);
        $this->assertSame(404, HttpCall::send('GET', $site . $published->published_url)['status']);
        $outcomes = array_filter(
            $client->activity->list($projectId, ['limit' => 100])->data,
            fn ($entry) => $entry->type === 'webhook.delivery_succeeded',
        );
        $this->assertGreaterThanOrEqual(2, \count($outcomes));
    }

    public function testTakesEveryEventTheTriggerCommandSendsAsTheServiceDoes(): void
    {
        $site = self::startSite();
        $events = [
            'content.generated', 'content.published', 'content.updated', 'keyword.ranking_changed',
            'ai_visibility.mention_detected', 'content.unpublished', 'content.deleted',
        ];
        foreach ($events as $event) {
            $answer = $this->trigger($event, "{$site}/webhook", self::SECRET, ['--language', 'fr']);
            $this->assertSame(0, $answer['exit'], "{$event}: " . $answer['output']);
            $line = json_decode($answer['output'], true);
            $this->assertIsArray($line, $answer['output']);
            $this->assertSame(200, $line['status'] ?? null, $answer['output']);
            if ($event === 'content.published') {
                $url = $line['body']['url'];
                $this->assertMatchesRegularExpression('#^/fr/resources/blog/[a-z0-9-]+$#', $url);
                $this->assertSame(200, HttpCall::send('GET', $site . $url)['status']);
            }
        }
        $this->assertSame(404, HttpCall::send('GET', $site . $url)['status'], 'content.deleted removed the article');
        $wrong = $this->trigger('content.published', "{$site}/webhook", 'not-the-secret');
        $this->assertSame(1, $wrong['exit']);
    }

    public function testRefusesAWrongKeyAnotherMethodAndABodyThatIsNotAnObject(): void
    {
        $site = self::startSite();
        $wrong = HttpCall::send(
            'POST',
            "{$site}/webhook",
            ['x-service-key' => 'nope', 'content-type' => 'application/json'],
            '{}',
        );
        $this->assertSame(401, $wrong['status']);
        $this->assertSame('application/json; charset=utf-8', $wrong['headers']['content-type']);
        $this->assertStringContainsString('x-service-key', json_decode($wrong['body'], true)['error']);
        $get = HttpCall::send('GET', "{$site}/webhook");
        $this->assertSame([405, 'POST'], [$get['status'], $get['headers']['allow'] ?? null]);
        $list = HttpCall::send('POST', "{$site}/webhook", ['x-service-key' => self::SECRET], '[1, 2]');
        $this->assertSame(400, $list['status']);
        $this->assertSame(404, HttpCall::send('GET', "{$site}/en/resources/blog/nothing-here")['status']);

        $large = '{"title":"Large","slug":"large","content":"' . str_repeat('x', 5 * 1024 * 1024) . '"}';
        $tooLarge = HttpCall::send('POST', "{$site}/webhook", ['x-service-key' => self::SECRET], $large);
        $this->assertSame(413, $tooLarge['status']);
        $this->assertStringContainsString('max_body_bytes', $tooLarge['body']);
        $wrongKey = HttpCall::send('POST', "{$site}/webhook", ['x-service-key' => 'nope'], $large);
        $this->assertSame(401, $wrongKey['status'], 'the key is checked before the body is read');
    }

    public function testWithASigningSecretOnlySignedDeliveriesReachTheSite(): void
    {
        $site = self::startSite(self::SIGNING_SECRET);
        $body = '{"title":"Signed","slug":"signed","content":"<p>Signed body</p>"}';
        $headers = [
            'x-service-key' => self::SECRET,
            'x-service-event' => 'content.published',
            'content-type' => 'application/json',
        ];
        $unsigned = HttpCall::send('POST', "{$site}/webhook", $headers, $body);
        $this->assertSame(401, $unsigned['status']);
        $signed = HttpCall::send(
            'POST',
            "{$site}/webhook",
            $headers + Webhook::signatureHeaders(self::SIGNING_SECRET, 'dlv_signed', $body),
            $body,
        );
        $this->assertSame(200, $signed['status'], $signed['body']);
        $this->assertSame('{"success":true,"url":"/en/resources/blog/signed"}', $signed['body']);
        $this->assertStringContainsString(
            '<p>Signed body</p>',
            HttpCall::send('GET', "{$site}/en/resources/blog/signed")['body'],
        );

        // As the service sends them: signed with the signing secret, or refused without it.
        $signing = ['--signing-secret', self::SIGNING_SECRET];
        $viaTrigger = $this->trigger('content.published', "{$site}/webhook", self::SECRET, $signing);
        $this->assertSame(0, $viaTrigger['exit'], $viaTrigger['output']);
        $this->assertSame(1, $this->trigger('content.published', "{$site}/webhook", self::SECRET)['exit']);
        $otherKey = ['--signing-secret', 'whsec_' . base64_encode(str_repeat('k', 32))];
        $this->assertSame(1, $this->trigger('content.published', "{$site}/webhook", self::SECRET, $otherKey)['exit']);
    }

    public function testWebhookPhpIsThreeLinesOfCodeAndTheReadmeShowsItAsItIs(): void
    {
        $source = ReferenceServer::repositoryRoot() . '/examples/php-receiver';
        $code = (string) file_get_contents("{$source}/public/webhook.php");
        $lines = array_filter(
            explode("\n", $code),
            fn (string $line) => $line !== '' && !preg_match('#^(<\?php|declare\(|//)#', $line),
        );
        $this->assertCount(3, $lines);
        $readme = (string) file_get_contents("{$source}/README.md");
        $this->assertStringContainsString("<!-- sample file: examples/php-receiver/public/webhook.php "
            . "-->\n```php\n{$code}```", $readme);
    }

    /**
     * @param list<string> $options
     * @return array{exit: int, output: string}
     */
    private function trigger(string $event, string $url, string $secret, array $options = []): array
    {
        $command = array_merge(
            [getenv('RANKQUILL_NODE') ?: 'node', ReferenceServer::repositoryRoot() . '/mock-server/dist/cli.js'],
            ['trigger', $event, '--to', $url, '--secret', $secret],
            $options,
        );
        $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        $output = trim((string) stream_get_contents($pipes[1]));
        $errors = (string) stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        return ['exit' => proc_close($process), 'output' => $output . $errors];
    }
}
