<?php

declare(strict_types=1);

namespace Rankquill\Tests\Support;

/**
 * Sends GET requests at the same time (curl_multi), each with its own bearer key, and answers
 * each one's status and how long it took.
 */
final class ConcurrentGets
{
    /**
     * @param array<string, array{string, string}> $requests name => [url, bearer key]
     * @return array<string, array{status: int, seconds: float}>
     */
    public static function send(array $requests): array
    {
        $multi = curl_multi_init();
        $handles = [];
        foreach ($requests as $name => [$url, $key]) {
            $handle = curl_init($url);
            curl_setopt_array($handle, [
                CURLOPT_RETURNTRANSFER => true,
                CURLOPT_TIMEOUT => 30,
                CURLOPT_HTTPHEADER => ["authorization: Bearer {$key}"],
            ]);
            curl_multi_add_handle($multi, $handle);
            $handles[$name] = $handle;
        }
        do {
            $status = curl_multi_exec($multi, $running);
            if ($running > 0) {
                curl_multi_select($multi, 0.05);
            }
        } while ($running > 0 && $status === CURLM_OK);
        $answers = [];
        foreach ($handles as $name => $handle) {
            $answers[$name] = [
                'status' => (int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE),
                'seconds' => (float) curl_getinfo($handle, CURLINFO_TOTAL_TIME),
            ];
            curl_multi_remove_handle($multi, $handle);
        }
        curl_multi_close($multi);
        return $answers;
    }
}
