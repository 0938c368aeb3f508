<?php

declare(strict_types=1);

// `php -S 127.0.0.1:8080 router.php`: the routes public/.htaccess gives Apache (or a location
// block gives nginx): /webhook, /<language>/resources/blog/<slug>, and the index.
$path = (string) parse_url((string) $_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path === '/webhook') {
    require __DIR__ . '/public/webhook.php';
} elseif (preg_match('#^/([^/]+)/resources/blog/([^/]+)/?$#', $path, $match) === 1) {
    $_GET['language'] = rawurldecode($match[1]);
    $_GET['slug'] = rawurldecode($match[2]);
    require __DIR__ . '/public/article.php';
} elseif ($path === '/') {
    require __DIR__ . '/public/index.php';
} else {
    http_response_code(404);
    header('Content-Type: text/plain; charset=utf-8');
    echo "Nothing at {$path}: articles live at /<language>/resources/blog/<slug>.\n";
}
