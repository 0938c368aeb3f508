<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\ArticlePage;
use Rankquill\Webhooks\StoredArticle;

final class ArticlePageTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>}> */
    public static function pages(): array
    {
        return Vectors::rows(Vectors::load('article-page')['cases']);
    }

    /**
     * Byte for byte the page of every other language (packages/contract/vectors/article-page.json).
     *
     * @dataProvider pages
     * @param array<string, mixed> $case
     */
    public function testRendersTheSharedVectorsPageByteForByte(array $case): void
    {
        $article = StoredArticle::fromArray($case['article'] + ['url' => '', 'received_at' => '']);
        $this->assertSame($case['html'], ArticlePage::render($article));
    }

    public function testTheContentSecurityPolicyIsTheSharedOne(): void
    {
        $this->assertSame(
            Vectors::load('article-page')['content_security_policy'],
            ArticlePage::CONTENT_SECURITY_POLICY,
        );
    }

    public function testEscapesEveryTextFieldAndSanitizesTheContentAgain(): void
    {
        $page = ArticlePage::render(StoredArticle::fromArray([
            'title' => '<script>alert(1)</script> & "quotes"', 'slug' => 's', 'content' => '<p>Body<img src=x '
                . 'onerror=alert(2)></p>',
            'excerpt' => '', 'meta_title' => '', 'meta_description' => '"><script>', 'keywords' => ['a</meta>'],
            'canonical_url' => 'javascript:alert(3)', 'featured_image' => 'https://cdn.example/a.png?x=1&y=2',
            'author' => 'Ann <b>', 'language' => 'en"><x', 'url' => '/en/resources/blog/s',
            'received_at' => '2026-01-01T00:00:00.000Z',
        ]));
        $this->assertStringNotContainsString('<script', $page);
        $this->assertStringNotContainsString('onerror', $page);
        $this->assertStringNotContainsString('javascript:', $page);
        $this->assertStringContainsString(
            '<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</h1>',
            $page,
        );
        $this->assertStringContainsString('<title>&lt;script&gt;', $page);
        $this->assertStringContainsString('<p>Body<img src="x" /></p>', $page);
        $this->assertStringContainsString('<img src="https://cdn.example/a.png?x=1&amp;y=2" alt="">', $page);
        $this->assertStringContainsString('<html lang="en&quot;&gt;&lt;x">', $page);
        $this->assertStringContainsString("base-uri 'none'", ArticlePage::CONTENT_SECURITY_POLICY);
        $this->assertStringContainsString("form-action 'none'", ArticlePage::CONTENT_SECURITY_POLICY);
        $this->assertStringStartsWith("default-src 'none'", ArticlePage::CONTENT_SECURITY_POLICY);
    }
}
