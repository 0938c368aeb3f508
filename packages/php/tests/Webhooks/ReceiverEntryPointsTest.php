<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use Nyholm\Psr7\ServerRequest;
use Nyholm\Psr7\Stream;
use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\ReceiverOptions;
use Rankquill\Webhooks\WebhookReceiver;
use Slim\Http\Environment;
use Slim\Http\Request as SlimRequest;
use Symfony\Component\HttpFoundation\Request as SymfonyRequest;

/**
 * `handle()` takes a delivery in every form a framework hands it over, with the same answers as
 * `handleRequest()`: header bags (plain names in any case, `HTTP_` server names, lists of
 * values, a Symfony HeaderBag), PSR-7 requests (Slim's own, Nyholm's), Symfony requests; 405
 * with Allow: POST; 413 over `max_body_bytes`, read no further than the limit. The frameworks
 * are Debian's packages (php-slim, php-nyholm-psr7, php-symfony-http-foundation), which
 * scripts/ci-test.sh installs.
 */
final class ReceiverEntryPointsTest extends TestCase
{
    private const SECRET = 'hook-secret-0123456789';
    private const ARTICLE = '{"title":"Cold brew","slug":"cold-brew","content":"<p>Steep</p>"}';
    private const ANSWER = '{"success":true,"url":"/en/resources/blog/cold-brew"}';

    public static function setUpBeforeClass(): void
    {
        require_once '/usr/share/php/Slim/autoload.php';
        require_once '/usr/share/php/Nyholm/Psr7/autoload.php';
        require_once '/usr/share/php/Symfony/Component/HttpFoundation/autoload.php';
    }

    private static function receiver(array $options = []): WebhookReceiver
    {
        return new WebhookReceiver(['secret' => self::SECRET] + $options);
    }

    public function testTheDefaultLimitIsTheContractsFourMebibytes(): void
    {
        $limits = Vectors::load('receiver-limits');
        $this->assertSame($limits['max_body_bytes'], ReceiverOptions::DEFAULT_MAX_BODY_BYTES);
        $this->assertGreaterThan($limits['largest_delivery_bytes'], ReceiverOptions::DEFAULT_MAX_BODY_BYTES);
    }

    /** @return array<string, array{array<string, mixed>}> */
    public static function headerBags(): array
    {
        return [
            'plain, any case' => [['X-SERVICE-KEY' => self::SECRET, 'x-Service-Event' => 'content.published']],
            'server names ($_SERVER, Slim 3)' => [[
                'HTTP_X_SERVICE_KEY' => self::SECRET,
                'HTTP_X_SERVICE_EVENT' => 'content.published',
                'CONTENT_TYPE' => 'application/json',
                'REQUEST_METHOD' => 'POST',
            ]],
            'lists of values, the first counts' => [[
                'x-service-key' => [self::SECRET, 'another'],
                'x-service-event' => ['content.published'],
            ]],
        ];
    }

    /**
     * @dataProvider headerBags
     * @param array<string, mixed> $headers
     */
    public function testAcceptsHeaderBagsInEveryForm(array $headers): void
    {
        $result = self::receiver()->handle($headers, self::ARTICLE);
        $this->assertSame([200, self::ANSWER], [$result->status, $result->json()]);
    }

    public function testSlimsRequestAsTheReadmeHandsItOverAndWhole(): void
    {
        // Debian's Slim 3 predates PHP 8.1's return types: its deprecation notices are not ours.
        $level = error_reporting(E_ALL & ~E_DEPRECATED);
        try {
            $this->slimRequestForms();
        } finally {
            error_reporting($level);
        }
    }

    private function slimRequestForms(): void
    {
        $request = SlimRequest::createFromEnvironment(Environment::mock([
            'REQUEST_METHOD' => 'POST',
            'REQUEST_URI' => '/webhook',
            'HTTP_X_SERVICE_KEY' => self::SECRET,
            'CONTENT_TYPE' => 'application/json',
        ]));
        $request->getBody()->write(self::ARTICLE);
        $headersAndBody = self::receiver()->handle($request->getHeaders(), (string) $request->getBody());
        $this->assertSame([200, self::ANSWER], [$headersAndBody->status, $headersAndBody->json()]);
        $whole = self::receiver()->handle($request);
        $this->assertSame([200, self::ANSWER], [$whole->status, $whole->json()]);
        $get = self::receiver()->handle($request->withMethod('GET'));
        $this->assertSame([405, ['Allow' => 'POST']], [$get->status, $get->headers]);
    }

    public function testAPsr7RequestWithItsBodyStream(): void
    {
        $request = new ServerRequest('POST', '/webhook', ['X-Service-Key' => self::SECRET], self::ARTICLE);
        $this->assertSame(self::ANSWER, self::receiver()->handle($request)->json());
        $streamOnly = self::receiver()->handle($request->getHeaders(), $request->getBody());
        $this->assertSame(self::ANSWER, $streamOnly->json());
        $wrong = self::receiver()->handle($request->withHeader('X-Service-Key', 'nope'));
        $this->assertSame(401, $wrong->status);
    }

    public function testASymfonyRequestItsHeaderBagAndItsArrays(): void
    {
        $server = ['HTTP_X_SERVICE_KEY' => self::SECRET];
        $request = SymfonyRequest::create('/webhook', 'POST', [], [], [], $server, self::ARTICLE);
        foreach (
            [
            'request' => self::receiver()->handle($request),
            'bag' => self::receiver()->handle($request->headers, $request->getContent()),
            'all()' => self::receiver()->handle($request->headers->all(), $request->getContent(), 'POST'),
            'server bag' => self::receiver()->handle($request->server->all(), $request->getContent()),
            ] as $form => $result
        ) {
            $this->assertSame([200, self::ANSWER], [$result->status, $result->json()], $form);
        }
        $get = self::receiver()->handle(SymfonyRequest::create('/webhook', 'GET'));
        $this->assertSame([405, ['Allow' => 'POST']], [$get->status, $get->headers]);
        $this->assertStringContainsString('POST', $get->body['error'] ?? '');
    }

    public function testAMethodOtherThanPostIs405WithAllow(): void
    {
        foreach (['GET', 'put', 'DELETE'] as $method) {
            $result = self::receiver()->handle(['x-service-key' => self::SECRET], '', $method);
            $this->assertSame([405, ['Allow' => 'POST']], [$result->status, $result->headers], $method);
        }
    }

    public function testHandleRefusesABodyOverTheLimitReadingNoFurther(): void
    {
        $receiver = self::receiver(['max_body_bytes' => 100]);
        $headers = ['x-service-key' => self::SECRET];
        $fits = '{"title":"T","slug":"s","content":"' . str_repeat('x', 100 - 37) . '"}';
        $this->assertSame(100, \strlen($fits));
        $this->assertSame(200, $receiver->handle($headers, $fits)->status);
        $over = $receiver->handle($headers, $fits . ' ');
        $this->assertSame(413, $over->status);
        $this->assertStringContainsString('max_body_bytes', $over->body['error'] ?? '');

        // A 5 MiB stream against the default limit: read up to limit + 1 bytes, then refused.
        $stream = fopen('php://temp', 'w+');
        fwrite($stream, str_repeat('x', 5 * 1024 * 1024));
        rewind($stream);
        $this->assertSame(413, self::receiver()->handle($headers, $stream)->status);
        $this->assertSame(4_194_305, ftell($stream));
        $psr7 = Stream::create(str_repeat('x', 5 * 1024 * 1024));
        $this->assertSame(413, self::receiver()->handle($headers, $psr7)->status);
        $this->assertSame(4_194_305, $psr7->tell());

        // A declared Content-Length over the limit is refused before any byte is read.
        rewind($stream);
        $declared = self::receiver()->handle($headers + ['Content-Length' => '5242880'], $stream);
        $this->assertSame([413, 0], [$declared->status, ftell($stream)]);
        // ... but only once the key is right.
        $this->assertSame(401, self::receiver()->handle(['Content-Length' => '5242880'], $stream)->status);
    }
}
