<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * The HTML page of a stored article: title, description, author and URLs escaped (URLs limited
 * to http and https), the content sanitized again with the server's allow-list. Serve it with
 * `CONTENT_SECURITY_POLICY` as a second line of defence.
 *
 * @example
 * header('Content-Type: text/html; charset=utf-8');
 * header('Content-Security-Policy: ' . ArticlePage::CONTENT_SECURITY_POLICY);
 * echo ArticlePage::render($store->get($slug));
 */
final class ArticlePage
{
    /** No script, frame, form target or `<base>` may run or apply on an article page. */
    public const CONTENT_SECURITY_POLICY =
        "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action "
        . "'none'";

    /**
     * @example
     * echo ArticlePage::render($article);
     */
    public static function render(StoredArticle $article, ?HtmlSanitizer $sanitizer = null): string
    {
        // The same five escapes, byte for byte, as every other language's page.
        $escape = static fn (string $text): string => strtr(
            mb_scrub($text, 'UTF-8'),
            ['&' => '&amp;', '<' => '&lt;', '>' => '&gt;', '"' => '&quot;', "'" => '&#39;'],
        );
        $canonical = self::httpUrl($article->canonical_url);
        $image = self::httpUrl($article->featured_image);
        $content = ($sanitizer ?? new HtmlSanitizer())->sanitize($article->content);
        return "<!doctype html>\n"
            . "<html lang=\"{$escape($article->language)}\">\n<head>\n<meta charset=\"utf-8\">\n"
            . "<title>{$escape($article->meta_title !== '' ? $article->meta_title : $article->title)}</title>\n"
            . "<meta name=\"description\" content=\"{$escape($article->meta_description)}\">\n"
            . "<meta name=\"keywords\" content=\"{$escape(implode(', ', $article->keywords))}\">\n"
            . "<meta name=\"author\" content=\"{$escape($article->author)}\">\n"
            . ($canonical !== null ? "<link rel=\"canonical\" href=\"{$escape($canonical)}\">\n" : '')
            . "</head>\n<body>\n<article>\n<h1>{$escape($article->title)}</h1>\n"
            . "<p class=\"byline\">{$escape($article->author)}</p>\n"
            . ($image !== null ? "<img src=\"{$escape($image)}\" alt=\"\">\n" : '')
            . $content . "\n</article>\n</body>\n</html>\n";
    }

    /** The URL as given when it is an http(s) URL with a host and no space or control character. */
    private static function httpUrl(string $value): ?string
    {
        return preg_match('#^https?://[^/?\#\\\\\x00-\x20\x7f]+([/?\#][^\x00-\x20\x7f]*)?$#i', $value) === 1
            ? $value
            : null;
    }
}
