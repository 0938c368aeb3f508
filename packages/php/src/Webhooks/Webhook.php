<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\SignatureVerificationException;

/**
 * Signing and verifying deliveries by hand, the Standard Webhooks way: `webhook-signature` is
 * `v1,` + base64 of HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with
 * the base64-decoded bytes of the signing secret (`whsec_…`), which never travels with a
 * delivery. `WebhookReceiver` does all this for you.
 *
 * @example
 * $timestamp = Webhook::verifySignature($signingSecret, $headers, $rawBody); // throws when it does not verify
 * $known = Webhook::verifySecret($headers['x-service-key'] ?? null, $secret); // constant time
 */
final class Webhook
{
    /** Largest distance, in seconds, between `webhook-timestamp` and the receiver's clock. */
    public const TOLERANCE_SECONDS = 300;

    private const SIGNING_SECRET_PATTERN = '#^whsec_(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$#';

    /**
     * The `webhook-signature` value of one delivery: `v1,` + base64 HMAC-SHA256.
     *
     * @example
     * $signature = Webhook::sign('whsec_…', 'dlv_1', 1767259800, $rawBody); // 'v1,…'
     */
    public static function sign(
        #[\SensitiveParameter] string $signingSecret,
        string $id,
        int $timestamp,
        string $body,
    ): string {
        return 'v1,' . base64_encode(hash_hmac(
            'sha256',
            "{$id}.{$timestamp}.{$body}",
            self::signingKey($signingSecret),
            true,
        ));
    }

    /**
     * The three Standard Webhooks headers of one attempt, timestamped now unless told.
     *
     * @example
     * $headers = Webhook::signatureHeaders('whsec_…', 'dlv_1', $rawBody);
     * // ['webhook-id' => 'dlv_1', 'webhook-timestamp' => '1767259800', 'webhook-signature' => 'v1,…']
     *
     * @return array{webhook-id: string, webhook-timestamp: string, webhook-signature: string}
     */
    public static function signatureHeaders(
        #[\SensitiveParameter] string $signingSecret,
        string $id,
        string $body,
        ?int $timestamp = null,
    ): array {
        $timestamp ??= time();
        return [
            'webhook-id' => $id,
            'webhook-timestamp' => (string) $timestamp,
            'webhook-signature' => self::sign($signingSecret, $id, $timestamp, $body),
        ];
    }

    /**
     * Verifies the Standard Webhooks headers of a delivery and answers its timestamp. A header
     * may hold several space-separated signatures (sent while a secret rotates): any `v1` one
     * that matches is enough. Throws `SignatureVerificationException` when a header is missing,
     * the timestamp is not Unix seconds or lies more than `$tolerance` seconds from `$now`, or no
     * signature matches.
     *
     * @example
     * try {
     *     Webhook::verifySignature($signingSecret, getallheaders(), file_get_contents('php://input'));
     * } catch (SignatureVerificationException $e) {
     *     http_response_code(401);
     * }
     *
     * @param array<string, string|list<string>> $headers request headers, names in any case
     * @param string $body the raw body exactly as received
     * @param int|null $now the receiver's clock in Unix seconds; default time()
     */
    public static function verifySignature(
        #[\SensitiveParameter] string $signingSecret,
        #[\SensitiveParameter] array $headers,
        string $body,
        int $tolerance = self::TOLERANCE_SECONDS,
        ?int $now = null,
    ): int {
        return self::verifyWithKey(self::signingKey($signingSecret), $headers, $body, $tolerance, $now ?? time());
    }

    /**
     * @internal `verifySignature()` with the HMAC key already decoded, for `WebhookReceiver`.
     *
     * @param array<string, string|list<string>> $headers
     */
    public static function verifyWithKey(
        #[\SensitiveParameter] string $key,
        #[\SensitiveParameter] array $headers,
        string $body,
        int $tolerance,
        int $now,
    ): int {
        $headers = self::normalizeHeaders($headers);
        $missing = array_values(array_filter(
            ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
            static fn (string $name): bool => !isset($headers[$name]),
        ));
        if ($missing !== []) {
            throw new SignatureVerificationException(SignatureVerificationException::MISSING_HEADER, sprintf(
                'Missing %s header%s: deliveries to a receiver with a signing secret must carry webhook-id, '
                . 'webhook-timestamp and webhook-signature. Without the signing secret, the receiver checks '
                    . 'x-service-key only.',
                implode(', ', $missing),
                \count($missing) > 1 ? 's' : '',
            ));
        }
        $id = $headers['webhook-id'];
        $timestampText = $headers['webhook-timestamp'];
        if (!ctype_digit($timestampText) || \strlen($timestampText) > 15) {
            throw new SignatureVerificationException(SignatureVerificationException::INVALID_TIMESTAMP, sprintf(
                'Invalid webhook-timestamp "%s": expected whole Unix seconds, such as 1767259800.',
                mb_strcut($timestampText, 0, 40, 'UTF-8'),
            ));
        }
        $timestamp = (int) $timestampText;
        if (abs($now - $timestamp) > $tolerance) {
            $type = SignatureVerificationException::TIMESTAMP_OUTSIDE_TOLERANCE;
            throw new SignatureVerificationException($type, sprintf(
                'webhook-timestamp %d is %d seconds %s the receiver\'s clock; the tolerance is %d seconds, so a late '
                . 'delivery is refused as a replay. Check the receiver\'s clock if this delivery is new.',
                $timestamp,
                abs($now - $timestamp),
                $timestamp < $now ? 'behind' : 'ahead of',
                $tolerance,
            ));
        }
        $expected = base64_encode(hash_hmac('sha256', "{$id}.{$timestamp}.{$body}", $key, true));
        $matched = false;
        foreach (explode(' ', $headers['webhook-signature']) as $entry) {
            if (str_starts_with($entry, 'v1,') && hash_equals($expected, substr($entry, 3))) {
                // Keep comparing after a match, so the time spent does not tell which entry matched.
                $matched = true;
            }
        }
        if (!$matched) {
            throw new SignatureVerificationException(
                SignatureVerificationException::SIGNATURE_MISMATCH,
                'Invalid webhook-signature: no v1 signature matches the HMAC-SHA256 of '
                . '"<webhook-id>.<webhook-timestamp>.<raw body>" '
                . 'keyed with the signing secret. Check the signing secret (the whsec_ one, not the x-service-key '
                    . 'secret), '
                . 'and pass the body exactly as received.',
            );
        }
        return $timestamp;
    }

    /**
     * Whether the `x-service-key` a delivery carries is the secret, compared in constant time
     * (both are hashed first, so neither their lengths nor where they differ show).
     *
     * @example
     * if (!Webhook::verifySecret($_SERVER['HTTP_X_SERVICE_KEY'] ?? null, $secret)) {
     *     http_response_code(401);
     * }
     */
    public static function verifySecret(?string $received, #[\SensitiveParameter] string $secret): bool
    {
        return $received !== null && hash_equals(hash('sha256', $secret, true), hash('sha256', $received, true));
    }

    /**
     * The HMAC key of a signing secret: the bytes its base64 part decodes to. Refuses a secret
     * that is not `whsec_` followed by standard, padded base64 of 24 to 64 bytes, without
     * repeating it.
     *
     * @example
     * $key = Webhook::signingKey('whsec_9ZxHoEOH6PjrGl4LR0sjyG8fvOAnF6ARkA4n7prulYU='); // 32 bytes
     */
    public static function signingKey(#[\SensitiveParameter] string $signingSecret): string
    {
        if (!str_starts_with($signingSecret, 'whsec_')) {
            throw new InvalidArgumentException(
                'The signing secret must start with whsec_: use the signing secret the service showed when the webhook '
                . 'was set (or rotated), not the x-service-key secret.',
            );
        }
        if ($signingSecret === 'whsec_' || preg_match(self::SIGNING_SECRET_PATTERN, $signingSecret) !== 1) {
            throw new InvalidArgumentException(
                'The signing secret is not whsec_ followed by standard base64 (A-Z, a-z, 0-9, + and /, padded with =); '
                . 'copy it again, whole and without spaces.',
            );
        }
        $key = (string) base64_decode(substr($signingSecret, 6), true);
        if (\strlen($key) < 24 || \strlen($key) > 64) {
            throw new InvalidArgumentException(sprintf(
                'The signing secret decodes to %d bytes; a Rankquill signing secret holds 24 to 64. Copy it again, '
                . 'whole.',
                \strlen($key),
            ));
        }
        return $key;
    }

    /**
     * @example
     * $headers = Webhook::normalizeHeaders(['HTTP_X_SERVICE_KEY' => 'secret']); // ['x-service-key' => 'secret']
     *
     * @param array<string, string|list<string>> $headers
     * @return array<string, string> lower-case names (`HTTP_WEBHOOK_ID` is `webhook-id`); of a list, the first
     */
    public static function normalizeHeaders(#[\SensitiveParameter] array $headers): array
    {
        return IncomingDelivery::normalizeHeaders($headers);
    }
}
