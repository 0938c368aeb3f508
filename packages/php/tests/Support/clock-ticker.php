<?php

declare(strict_types=1);

// php clock-ticker.php <server url> <seconds per tick> <milliseconds between ticks>: runs until stopped.
[, $url, $seconds, $every] = $argv;
$curl = curl_init("{$url}/__admin/clock/advance");
curl_setopt_array($curl, [
    CURLOPT_POST => true,
    CURLOPT_POSTFIELDS => json_encode(['seconds' => (int) $seconds]),
    CURLOPT_HTTPHEADER => ['content-type: application/json'],
    CURLOPT_RETURNTRANSFER => true,
]);
while (true) {
    curl_exec($curl);
    usleep((int) $every * 1000);
}
