<?php

declare(strict_types=1);

// Router of ScriptedServer under `php -S`: records the request, takes the next scripted answer.
$folder = (string) getenv('SCRIPTED_FOLDER');
$lock = fopen("{$folder}/answers.json", 'c+');
flock($lock, LOCK_EX);
$answers = json_decode((string) stream_get_contents($lock), true) ?: [];
$answer = array_shift($answers) ?? ['status' => 599, 'body' => '{"error": {"message": "no scripted answer left"}}'];
ftruncate($lock, 0);
rewind($lock);
fwrite($lock, json_encode($answers));
$headers = array_change_key_case(getallheaders(), CASE_LOWER);
$body = (string) file_get_contents('php://input');
file_put_contents("{$folder}/requests.jsonl", json_encode([
    'method' => $_SERVER['REQUEST_METHOD'],
    'path' => $_SERVER['REQUEST_URI'],
    'headers' => $headers,
    'body' => $body,
]) . "\n", FILE_APPEND);
flock($lock, LOCK_UN);
fclose($lock);

if (isset($answer['delay_ms'])) {
    usleep($answer['delay_ms'] * 1000);
}
if (isset($answer['forward'])) {
    $hangMs = $answer['hang_ms'] ?? 0;
    $curl = curl_init($answer['forward'] . $_SERVER['REQUEST_URI']);
    $lines = [];
    foreach ($headers as $name => $value) {
        if (!in_array($name, ['host', 'content-length', 'connection'], true)) {
            $lines[] = "{$name}: {$value}";
        }
    }
    $answerHeaders = [];
    curl_setopt_array($curl, [
        CURLOPT_CUSTOMREQUEST => $_SERVER['REQUEST_METHOD'],
        CURLOPT_HTTPHEADER => $lines,
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_HEADERFUNCTION => static function ($handle, string $line) use (&$answerHeaders): int {
            if (str_contains($line, ':')) {
                [$name, $value] = explode(':', $line, 2);
                $answerHeaders[strtolower($name)] = trim($value);
            }
            return strlen($line);
        },
    ]);
    if ($body !== '' || $_SERVER['REQUEST_METHOD'] === 'POST') {
        curl_setopt($curl, CURLOPT_POSTFIELDS, $body);
    }
    $answerBody = (string) curl_exec($curl);
    $answer = [
        'status' => curl_getinfo($curl, CURLINFO_RESPONSE_CODE),
        'headers' => array_diff_key(
            $answerHeaders,
            ['transfer-encoding' => 1, 'connection' => 1, 'content-length' => 1, 'keep-alive' => 1],
        ),
        'body' => $answerBody,
    ];
    // The work is done upstream; the answer comes too late for the client, as if lost on the way.
    usleep($hangMs * 1000);
}
http_response_code($answer['status'] ?? 200);
foreach ($answer['headers'] ?? ['content-type' => 'application/json'] as $name => $value) {
    header("{$name}: {$value}");
}
echo $answer['body'] ?? '';
