<?php

declare(strict_types=1);

// Loads the library the way a user without Composer does (init.php), and the test helpers.
require dirname(__DIR__) . '/init.php';

spl_autoload_register(static function (string $class): void {
    $prefix = 'Rankquill\\Tests\\';
    if (strncmp($class, $prefix, strlen($prefix)) === 0) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
