<?php

declare(strict_types=1);

// An article's page, at the URL the receiver answered: /<language>/resources/blog/<slug>
// (the web server's rewrite rule passes both as query parameters).
use Rankquill\Webhooks\ArticlePage;

$store = (require __DIR__ . '/../bootstrap.php')['store'];

$language = (string) ($_GET['language'] ?? '');
$slug = (string) ($_GET['slug'] ?? '');
$article = $slug === '' ? null : $store->get($slug);
if ($article === null || $article->language !== $language) {
    http_response_code(404);
    header('Content-Type: text/html; charset=utf-8');
    echo "<!doctype html>\n<title>Not found</title>\n<p>No article here.</p>\n";
    return;
}
header('Content-Type: text/html; charset=utf-8');
header('Content-Security-Policy: ' . ArticlePage::CONTENT_SECURITY_POLICY);
echo ArticlePage::render($article);
