<?php

declare(strict_types=1);

// php bench/retrieve.php: $client->projects->retrieve() against a bare curl GET of the same URL
// with the same headers, both against one local reference server in the same run; prints the
// ratio (goal <= 1.15). Both sides keep one curl handle (a kept-alive connection) and decode the
// JSON body. Needs Node on PATH and `pnpm run build` done (it starts mock-server/dist/cli.js).

require dirname(__DIR__) . '/init.php';
require dirname(__DIR__) . '/tests/Support/ChildProcess.php';
require dirname(__DIR__) . '/tests/Support/ReferenceServer.php';

use Rankquill\Tests\Support\ReferenceServer;

const ROUNDS = 101;
const CALLS_PER_ROUND = 100;
const WARM_UP_ROUNDS = 5;

$server = ReferenceServer::shared();
// An enterprise account with a limit the run cannot reach, so the rate limiter never answers 429.
$apiKey = $server->createAccount('enterprise', 10_000_000);
$client = $server->client(['api_key' => $apiKey]);
$projectId = $client->projects->create(['name' => 'Bench', 'domain' => 'bench.example'])->id;
$url = "{$server->apiBaseUrl}/projects/{$projectId}";

$viaClient = static function () use ($client, $projectId): void {
    if ($client->projects->retrieve($projectId)->id !== $projectId) {
        throw new RuntimeException('wrong project');
    }
};
$curl = curl_init($url);
curl_setopt_array($curl, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => ['accept: application/json', "authorization: Bearer {$apiKey}"],
]);
$viaCurl = static function () use ($curl, $projectId): void {
    $project = json_decode((string) curl_exec($curl), true, 512, JSON_THROW_ON_ERROR);
    if ($project['id'] !== $projectId) {
        throw new RuntimeException('wrong project');
    }
};

$cpuMicros = static function (): float {
    $usage = getrusage();
    return ($usage['ru_utime.tv_sec'] + $usage['ru_stime.tv_sec']) * 1e6
        + $usage['ru_utime.tv_usec'] + $usage['ru_stime.tv_usec'];
};
$cpu = ['bare' => 0.0, 'client' => 0.0];
/** Wall-clock microseconds per call; the process's CPU time is added to $cpu[$side]. */
$timeCalls = static function (callable $call, string $side) use ($cpuMicros, &$cpu): float {
    $cpuStarted = $cpuMicros();
    $started = hrtime(true);
    for ($i = 0; $i < CALLS_PER_ROUND; $i++) {
        $call();
    }
    $wall = (hrtime(true) - $started) / 1e3 / CALLS_PER_ROUND;
    $cpu[$side] += $cpuMicros() - $cpuStarted;
    return $wall;
};
$median = static function (array $values): float {
    sort($values);
    return $values[intdiv(count($values), 2)];
};

for ($round = 0; $round < WARM_UP_ROUNDS; $round++) {
    $timeCalls($viaCurl, 'bare');
    $timeCalls($viaClient, 'client');
}
$cpu = ['bare' => 0.0, 'client' => 0.0];
$bare = [];
$sdk = [];
$ratios = [];
// Many short rounds in alternating order, so that drift and other processes hit both sides alike.
for ($round = 0; $round < ROUNDS; $round++) {
    $bareFirst = $round % 2 === 0;
    $first = $bareFirst ? $timeCalls($viaCurl, 'bare') : $timeCalls($viaClient, 'client');
    $second = $bareFirst ? $timeCalls($viaClient, 'client') : $timeCalls($viaCurl, 'bare');
    [$bareMicros, $sdkMicros] = $bareFirst ? [$first, $second] : [$second, $first];
    $bare[] = $bareMicros;
    $sdk[] = $sdkMicros;
    $ratios[] = $sdkMicros / $bareMicros;
}
$ratio = $median($ratios);
printf(
    "bare curl GET:                %4.0f µs per call (median of %d rounds x %d)\n",
    $median($bare),
    ROUNDS,
    CALLS_PER_ROUND,
);
printf("\$client->projects->retrieve(): %4.0f µs per call\n", $median($sdk));
printf(
    "CPU time of this process:     %4.1f µs per call bare, %.1f µs with the client (ratio %.3f)\n",
    $cpu['bare'] / (ROUNDS * CALLS_PER_ROUND),
    $cpu['client'] / (ROUNDS * CALLS_PER_ROUND),
    $cpu['client'] / $cpu['bare'],
);
printf(
    "ratio client / bare curl: %.3f (median of the per-round ratios; goal <= 1.15) %s\n",
    $ratio,
    $ratio <= 1.15 ? 'ok' : 'OVER GOAL',
);
