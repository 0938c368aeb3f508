<?php

declare(strict_types=1);

namespace Rankquill\Tests\Frameworks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\ChildProcess;
use Rankquill\Tests\Support\HttpCall;
use Rankquill\Tests\Support\ReferenceServer;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Webhooks\ArticlePage;

/**
 * The framework matrix: every guide of docs/php-webhooks.md, its files extracted as they stand,
 * runs in that framework's real server (`php -S` with the framework's front controller, the
 * frameworks from Debian's packages that scripts/ci-test.sh installs) on a loopback port, and
 * takes a real delivery from the reference server (real clock, signed), deliveries signed by
 * the Standard Webhooks libraries (npm `standardwebhooks` and `svix`), and the refusals every
 * entry point answers alike; then serves the article page at the answered URL.
 */
final class FrameworkGuidesTest extends TestCase
{
    private const GUIDE = '/docs/php-webhooks.md';
    private const SECRET = 'guide-webhook-secret';
    /** Each framework's front controller (the router of `php -S`) and Debian's autoloaders it needs. */
    private const FRAMEWORKS = [
        'plain' => ['index.php', []],
        'slim' => ['index.php', ['Slim/autoload.php']],
        'symfony' => ['index.php', ['Symfony/Component/HttpFoundation/autoload.php']],
        'laravel' => ['public/index.php', ['Illuminate/autoload.php']],
    ];
    private const CHECKS = [
        'reference server delivery publishes', 'article page served', 'standardwebhooks accepted',
        'svix accepted', 'wrong key 401', 'missing field 400', '5 MiB 413', 'GET 405 Allow: POST',
        'tampered signature 401',
    ];

    /** @var list<ChildProcess> */
    private array $processes = [];
    /** @var list<string> */
    private array $folders = [];

    protected function tearDown(): void
    {
        foreach ($this->processes as $process) {
            $process->stop();
        }
        foreach ($this->folders as $folder) {
            exec('rm -rf ' . escapeshellarg($folder));
        }
        $this->processes = [];
        $this->folders = [];
    }

    /**
     * The guide's files: framework => [path => code], from each `<!-- php guide: <framework> <path> -->`
     * block (`all`: files every framework uses).
     *
     * @return array<string, array<string, string>>
     */
    private static function guideFiles(): array
    {
        $markdown = (string) file_get_contents(ReferenceServer::repositoryRoot() . self::GUIDE);
        preg_match_all('/<!-- php guide: (\S+) (\S+) -->\n```php\n(.*?)```/s', $markdown, $blocks, PREG_SET_ORDER);
        $files = [];
        foreach ($blocks as [, $framework, $path, $code]) {
            $files[$framework][$path] = $code;
        }
        return $files;
    }

    public function testTheGuideHasTheFilesOfEveryFrameworkAndNoOther(): void
    {
        $files = self::guideFiles();
        $this->assertSame(['all', ...array_keys(self::FRAMEWORKS)], array_keys($files));
        $this->assertSame(
            ['app/Providers/AppServiceProvider.php', 'routes/web.php', 'app/Http/Middleware/VerifyCsrfToken.php'],
            array_keys($files['laravel']),
        );
    }

    public function testTheServicesDeliveriesVerifyWithTheStandardWebhooksLibraries(): void
    {
        $server = ReferenceServer::realClock();
        $server->reset();
        $client = $server->client();
        $recorder = ScriptedServer::start([['status' => 200, 'body' => '{"success": true, "url": "/en/x"}']]);
        try {
            $project = $client->projects->update($server->projectId, ['webhook' => [
                'url' => "{$recorder->url}/webhook",
                'secret' => self::SECRET,
            ]]);
            $draft = $client->content->list($server->projectId, ['status' => 'draft'])->data[0];
            $client->content->publish($server->projectId, $draft->id);
            $deadline = microtime(true) + 30;
            while ($recorder->requests() === [] && microtime(true) < $deadline) {
                usleep(100_000);
            }
            $delivery = $recorder->requests()[0] ?? null;
            $this->assertNotNull($delivery, 'the service sent no delivery within 30 s');
            $signingSecret = (string) $project->webhook->signing_secret;
            foreach (['standardwebhooks', 'svix'] as $library) {
                $verified = self::library(['verify', $library, $signingSecret], json_encode([
                    'headers' => $delivery['headers'],
                    'body' => $delivery['body'],
                ]));
                $this->assertSame([0, ''], $verified, $library);
                $tampered = self::library(['verify', $library, $signingSecret], json_encode([
                    'headers' => $delivery['headers'],
                    'body' => $delivery['body'] . ' ',
                ]));
                $this->assertSame(1, $tampered[0], "{$library} takes a tampered body");
            }
        } finally {
            $recorder->stop();
        }
    }

    /** @return array<string, array{string}> */
    public static function frameworks(): array
    {
        return array_map(static fn (string $name): array => [$name], array_combine(
            array_keys(self::FRAMEWORKS),
            array_keys(self::FRAMEWORKS),
        ));
    }

    /**
     * @dataProvider frameworks
     */
    public function testTheGuideRunsInTheFrameworksServerAndAnswersEveryCheck(string $framework): void
    {
        $server = ReferenceServer::realClock();
        $server->reset(); // the signing secret is shown when a webhook is first set
        $client = $server->client();
        $port = ChildProcess::freePort();
        $site = "http://127.0.0.1:{$port}";
        $project = $client->projects->update($server->projectId, ['webhook' => [
            'url' => "{$site}/webhook",
            'secret' => self::SECRET,
        ]]);
        $signingSecret = (string) $project->webhook->signing_secret;
        $this->startSite($framework, $port, $signingSecret);
        $passed = [];

        // A real delivery: the service publishes a draft, the site stores it, the service records its URL.
        $draft = $client->content->list($server->projectId, ['status' => 'draft'])->data[0];
        $client->content->publish($server->projectId, $draft->id);
        $published = $this->publishedWhenDelivered($client, $server->projectId, $draft->id);
        $this->assertSame("/en/resources/blog/{$published->slug}", $published->published_url, $this->log());
        $passed[] = 'reference server delivery publishes';

        $page = HttpCall::send('GET', $site . $published->published_url);
        $this->assertSame(200, $page['status'], $page['body']);
        $this->assertSame(ArticlePage::CONTENT_SECURITY_POLICY, $page['headers']['content-security-policy'] ?? null);
        $this->assertStringContainsString('<h1>' . strtr((string) $published->title, [
            '&' => '&amp;', '<' => '&lt;', '>' => '&gt;', '"' => '&quot;', "'" => '&#39;',
        ]) . '</h1>', $page['body']);
        $passed[] = 'article page served';

        foreach (['standardwebhooks', 'svix'] as $library) {
            $body = self::article("signed-by-{$library}");
            $answer = $this->post($site, $body, self::signed($library, $signingSecret, "msg_{$library}", $body));
            $this->assertSame(200, $answer['status'], $answer['body']);
            $this->assertSame(['success' => true, 'url' => "/en/resources/blog/signed-by-{$library}"], json_decode(
                $answer['body'],
                true,
            ));
            $this->assertSame(200, HttpCall::send('GET', "{$site}/en/resources/blog/signed-by-{$library}")['status']);
            $passed[] = "{$library} accepted";
        }

        $body = self::article('refused');
        $signature = self::signed('standardwebhooks', $signingSecret, 'msg_refused', $body);
        $wrongKey = $this->post($site, $body, $signature, 'not-the-secret');
        $this->assertSame(401, $wrongKey['status'], $wrongKey['body']);
        $this->assertStringContainsString('x-service-key', self::error($wrongKey));
        $passed[] = 'wrong key 401';

        $untitled = '{"slug":"untitled","content":"<p>No title</p>"}';
        $missing = $this->post($site, $untitled, self::signed('svix', $signingSecret, 'msg_untitled', $untitled));
        $this->assertSame(400, $missing['status'], $missing['body']);
        $this->assertStringContainsString('Missing required field: title', self::error($missing));
        $passed[] = 'missing field 400';

        $large = '{"title":"Large","slug":"large","content":"' . str_repeat('x', 5 * 1024 * 1024) . '"}';
        $tooLarge = $this->post($site, $large, self::signed('svix', $signingSecret, 'msg_large', $large));
        $this->assertSame(413, $tooLarge['status'], substr($tooLarge['body'], 0, 500));
        $this->assertStringContainsString('max_body_bytes', self::error($tooLarge));
        $passed[] = '5 MiB 413';

        $get = HttpCall::send('GET', "{$site}/webhook");
        $this->assertSame([405, 'POST'], [$get['status'], $get['headers']['allow'] ?? null], $get['body']);
        $this->assertStringContainsString('POST', self::error($get));
        $passed[] = 'GET 405 Allow: POST';

        $tampered = $signature;
        $tampered['webhook-signature'] = 'v1,' . base64_encode(str_repeat("\0", 32));
        $forged = $this->post($site, $body, $tampered);
        $this->assertSame(401, $forged['status'], $forged['body']);
        $this->assertSame(404, HttpCall::send('GET', "{$site}/en/resources/blog/refused")['status'], $this->log());
        $passed[] = 'tampered signature 401';

        $this->assertSame(self::CHECKS, $passed);
    }

    /** Writes the framework's application (the guide's files, verbatim) and serves it with `php -S`. */
    private function startSite(string $framework, int $port, string $signingSecret): void
    {
        [$frontController, $autoloaders] = self::FRAMEWORKS[$framework];
        $folder = sys_get_temp_dir() . "/rankquill-guide-{$framework}-" . bin2hex(random_bytes(4));
        $this->folders[] = $folder;
        if ($framework === 'laravel') {
            // The parts of a Laravel application the guide does not show, as `laravel new` lays them out.
            exec('cp -R ' . escapeshellarg(__DIR__ . '/laravel') . ' ' . escapeshellarg($folder));
            foreach (['bootstrap/cache', 'storage/logs', 'storage/framework/views'] as $empty) {
                mkdir("{$folder}/{$empty}", 0o777, true);
            }
        }
        $files = self::guideFiles();
        foreach ($files['all'] + $files[$framework] as $path => $code) {
            @mkdir(\dirname("{$folder}/{$path}"), 0o777, true);
            file_put_contents("{$folder}/{$path}", $code);
        }
        // What `composer require rankquill/rankquill <framework>` would give: an autoloader of
        // this package, the framework (Debian's copy) and the application's `App\` classes.
        @mkdir("{$folder}/vendor");
        $requires = array_map(
            static fn (string $file): string => 'require_once ' . var_export("/usr/share/php/{$file}", true) . ";\n",
            $autoloaders,
        );
        file_put_contents("{$folder}/vendor/autoload.php", "<?php\n"
            . 'require_once ' . var_export(\dirname(__DIR__, 2) . '/init.php', true) . ";\n"
            . implode('', $requires)
            . "spl_autoload_register(static function (string \$class): void {\n"
            . "    \$file = dirname(__DIR__) . '/app/' . str_replace('\\\\', '/', substr(\$class, 4)) . '.php';\n"
            . "    if (str_starts_with(\$class, 'App\\\\') && is_file(\$file)) {\n"
            . "        require \$file;\n"
            . "    }\n"
            . "});\n");
        $environment = getenv();
        $environment['RANKQUILL_WEBHOOK_SECRET'] = self::SECRET;
        $environment['RANKQUILL_SIGNING_SECRET'] = $signingSecret;
        $environment['ARTICLES_DB'] = "{$folder}/articles.db";
        $environment['PHP_CLI_SERVER_WORKERS'] = '2';
        $this->processes[] = new ChildProcess(
            // Debian's Slim 3 and Laravel 8 predate PHP 8.2's deprecations; their notices are not the guide's.
            [PHP_BINARY, '-d', 'error_reporting=' . (E_ALL & ~E_DEPRECATED), '-d', 'display_errors=0', '-S',
                "127.0.0.1:{$port}", $frontController],
            "{$folder}/server.out",
            "{$folder}/server.err",
            $environment,
            $folder,
        );
        ChildProcess::waitForPort($port);
    }

    /** The content once the service has recorded the delivery's answer (its time runs by itself). */
    private function publishedWhenDelivered(\Rankquill\RankquillClient $client, string $projectId, string $id): object
    {
        $deadline = microtime(true) + 30;
        do {
            $content = $client->content->retrieve($projectId, $id);
            if ($content->published_url !== null) {
                return $content;
            }
            $attempt = $client->deliveries->list($projectId, ['limit' => 1])->data[0]->attempts[0] ?? null;
            if ($attempt !== null && $attempt->status !== 200) {
                $this->fail("The site answered the delivery {$attempt->status}: {$attempt->answer}\n" . $this->log());
            }
            usleep(100_000);
        } while (microtime(true) < $deadline);
        $this->fail("The delivery did not set published_url within 30 s.\n" . $this->log());
    }

    /**
     * @param array<string, string> $signature
     * @return array{status: int, headers: array<string, string>, body: string}
     */
    private function post(string $site, string $body, array $signature, string $key = self::SECRET): array
    {
        return HttpCall::send('POST', "{$site}/webhook", [
            'content-type' => 'application/json',
            'x-service-key' => $key,
            'x-service-event' => 'content.published',
        ] + $signature, $body);
    }

    /** @return array<string, string> the signature headers the library made, timestamped now */
    private static function signed(string $library, string $signingSecret, string $id, string $body): array
    {
        [$status, $output] = self::library(['sign', $library, $signingSecret, $id], $body);
        if ($status !== 0) {
            throw new \RuntimeException("The {$library} signer failed: {$output}");
        }
        return json_decode($output, true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * Runs tests/Support/standard-webhooks.mjs with `$input` on stdin.
     *
     * @param list<string> $arguments
     * @return array{int, string} exit status, and stdout then stderr
     */
    private static function library(array $arguments, string $input): array
    {
        $process = proc_open(
            [getenv('RANKQUILL_NODE') ?: 'node', __DIR__ . '/../Support/standard-webhooks.mjs', ...$arguments],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
        );
        fwrite($pipes[0], $input);
        fclose($pipes[0]);
        $output = (string) stream_get_contents($pipes[1]) . (string) stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        return [proc_close($process), $output];
    }

    private static function article(string $slug): string
    {
        return json_encode(['title' => "Signed {$slug}", 'slug' => $slug, 'content' => '<p>Signed.</p>']);
    }

    /** @param array{body: string} $answer */
    private static function error(array $answer): string
    {
        return (string) (json_decode($answer['body'], true)['error'] ?? '');
    }

    private function log(): string
    {
        $log = '';
        foreach ($this->folders as $folder) {
            $log .= (string) @file_get_contents("{$folder}/server.err");
            $log .= (string) @file_get_contents("{$folder}/storage/logs/laravel.log");
        }
        return substr($log, -4000);
    }
}
