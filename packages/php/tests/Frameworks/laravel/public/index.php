<?php

declare(strict_types=1);

// The smallest Laravel application the guide's files need (what `laravel new` would lay out):
// its front controller, also the router of `php -S`.
require __DIR__ . '/../vendor/autoload.php';

$app = require __DIR__ . '/../bootstrap/app.php';
$kernel = $app->make(Illuminate\Contracts\Http\Kernel::class);
$response = $kernel->handle($request = Illuminate\Http\Request::capture());
$response->send();
$kernel->terminate($request, $response);
