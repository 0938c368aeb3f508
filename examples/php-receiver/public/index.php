<?php

declare(strict_types=1);

// The blog's index: every article received, newest first, linked to its page.
$store = (require __DIR__ . '/../bootstrap.php')['store'];

$escape = static fn (string $text): string => htmlspecialchars($text, ENT_QUOTES | ENT_HTML5, 'UTF-8');
header('Content-Type: text/html; charset=utf-8');
header('Content-Security-Policy: ' . Rankquill\Webhooks\ArticlePage::CONTENT_SECURITY_POLICY);
echo "<!doctype html>\n<html lang=\"en\">\n<meta charset=\"utf-8\">\n<title>Blog</title>\n<h1>Blog</h1>\n<ul>\n";
foreach ($store->list() as $article) {
    echo "<li><a href=\"{$escape($article->url)}\">{$escape($article->title)}</a></li>\n";
}
echo "</ul>\n</html>\n";
