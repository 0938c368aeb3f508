<?php

declare(strict_types=1);

namespace Rankquill\Exception;

/**
 * A delivery's Standard Webhooks headers do not prove that it comes, unchanged and recently,
 * from the holder of the signing secret. `getErrorType()` is stable: `missing_header`,
 * `invalid_timestamp`, `timestamp_outside_tolerance` or `signature_mismatch`; the message names
 * the header at fault and what to check.
 *
 * @example
 * try {
 *     Webhook::verifySignature($signingSecret, $headers, $rawBody);
 * } catch (SignatureVerificationException $e) {
 *     error_log($e->getErrorType() . ': ' . $e->getMessage());
 * }
 */
class SignatureVerificationException extends \RuntimeException implements RankquillException
{
    public const MISSING_HEADER = 'missing_header';
    public const INVALID_TIMESTAMP = 'invalid_timestamp';
    public const TIMESTAMP_OUTSIDE_TOLERANCE = 'timestamp_outside_tolerance';
    public const SIGNATURE_MISMATCH = 'signature_mismatch';

    /**
     * @internal `Webhook::verifySignature()` throws these; there is no need to construct one.
     */
    public function __construct(private readonly string $errorType, string $message)
    {
        parent::__construct($message);
    }

    /**
     * Why the delivery was refused, one of the constants of this class.
     *
     * @example
     * if ($e->getErrorType() === SignatureVerificationException::TIMESTAMP_OUTSIDE_TOLERANCE) { ... }
     */
    public function getErrorType(): string
    {
        return $this->errorType;
    }
}
