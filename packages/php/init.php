<?php

declare(strict_types=1);

// For projects without Composer: `require __DIR__ . '/rankquill/init.php';` loads the
// Rankquill\ classes on first use, as Composer's PSR-4 autoloader would.

spl_autoload_register(static function (string $class): void {
    $prefix = 'Rankquill\\';
    if (strncmp($class, $prefix, \strlen($prefix)) !== 0) {
        return;
    }
    $relative = str_replace('\\', '/', substr($class, \strlen($prefix))) . '.php';
    foreach ([__DIR__ . '/src/', __DIR__ . '/generated/'] as $folder) {
        if (is_file($folder . $relative)) {
            require $folder . $relative;
            return;
        }
    }
});
