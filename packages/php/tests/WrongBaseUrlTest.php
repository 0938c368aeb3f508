<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use Rankquill\Exception\ApiException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Tests\Support\ServerTestCase;

/**
 * A base_url that is not the API's address (the server's root, the other API, a wrong path) gets
 * an exception naming the address given and the right one, from the real server's answers.
 */
final class WrongBaseUrlTest extends ServerTestCase
{
    public function testTheServersRootNamesTheMainApiAddress(): void
    {
        $url = $this->server->url;
        $error = $this->thrownBy(
            fn () => $this->server->client(['base_url' => $url])->projects->list(),
            ApiException::class,
        );
        $this->assertSame(303, $error->getStatus());
        $this->assertSame(
            "base_url {$url} answered 303 (a redirect to /sign-in?next=%2Fprojects): it is not the address of the "
            . "Rankquill API, which lives under /v1; set base_url to {$this->server->apiBaseUrl}.",
            $error->getMessage(),
        );
    }

    public function testThePublicApiAddressAndAWrongPathAre404sThatNameTheMainApiAddress(): void
    {
        foreach ([$this->server->contentApiUrl, "{$this->server->url}/api"] as $baseUrl) {
            $error = $this->thrownBy(
                fn () => $this->server->client(['base_url' => $baseUrl])->projects->list(),
                NotFoundException::class,
            );
            $this->assertSame(
                "base_url {$baseUrl} answered 404 (404 Not Found): it is not the address of the Rankquill API, "
                . "which lives under /v1; set base_url to {$this->server->apiBaseUrl}.",
                $error->getMessage(),
            );
            $this->assertStringStartsWith('req_', (string) $error->getRequestId());
        }
    }

    public function testAMissingResourceUnderV1KeepsTheServersMessage(): void
    {
        $error = $this->thrownBy(
            fn () => $this->server->client()->projects->retrieve('proj_does_not_exist'),
            NotFoundException::class,
        );
        $this->assertStringNotContainsString('base_url', $error->getMessage());
    }

    public function testThePublicArticleClientNamesItsOwnAddress(): void
    {
        $baseUrl = $this->server->apiBaseUrl;
        $error = $this->thrownBy(
            fn () => $this->server->publicArticles(['base_url' => $baseUrl])->list(),
            NotFoundException::class,
        );
        $this->assertSame(
            "base_url {$baseUrl} answered 404 (404 Not Found): it is not the address of the public article API, "
            . "which lives under /public-article-api; set base_url to {$this->server->contentApiUrl}.",
            $error->getMessage(),
        );
    }
}
