<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\SignatureVerificationException;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\Webhook;

final class SignatureVectorsTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>}> */
    public function signingSecrets(): array
    {
        return Vectors::rows(Vectors::load('signatures')['signing_secrets']);
    }

    /** @return array<string, array{array<string, mixed>}> */
    public function signCases(): array
    {
        return Vectors::rows(Vectors::load('signatures')['sign']);
    }

    /** @return array<string, array{array<string, mixed>}> */
    public function verifyCases(): array
    {
        return Vectors::rows(Vectors::load('signatures')['verify']);
    }

    /**
     * @dataProvider signingSecrets
     * @param array<string, mixed> $case
     */
    public function testDecodesAWellFormedSigningSecretAndRefusesAnyOtherWithoutRepeatingIt(array $case): void
    {
        if ($case['valid']) {
            $this->assertSame($case['key_hex'], bin2hex(Webhook::signingKey($case['signing_secret'])));
            return;
        }
        try {
            Webhook::signingKey($case['signing_secret']);
            $this->fail('accepted');
        } catch (InvalidArgumentException $error) {
            $this->assertStringContainsString('signing secret', $error->getMessage());
            $secretPart = trim(substr($case['signing_secret'], 6));
            if (\strlen($secretPart) >= 4) {
                $this->assertStringNotContainsString($secretPart, $error->getMessage());
            }
        }
    }

    /**
     * @dataProvider signCases
     * @param array<string, mixed> $case
     */
    public function testSignsAsTheSharedVectorsSay(array $case): void
    {
        $this->assertSame(
            $case['signature'],
            Webhook::sign($case['signing_secret'], $case['id'], $case['timestamp'], $case['body']),
        );
        $headers = Webhook::signatureHeaders($case['signing_secret'], $case['id'], $case['body'], $case['timestamp']);
        $this->assertSame($case['signature'], $headers['webhook-signature']);
        $this->assertSame((string) $case['timestamp'], $headers['webhook-timestamp']);
    }

    /**
     * @dataProvider verifyCases
     * @param array<string, mixed> $case
     */
    public function testVerifiesAsTheSharedVectorsSay(array $case): void
    {
        $tolerance = Vectors::load('signatures')['tolerance_seconds'];
        try {
            $timestamp = Webhook::verifySignature(
                $case['signing_secret'],
                $case['headers'],
                $case['body'],
                $tolerance,
                $case['now'],
            );
            $this->assertTrue($case['valid'], 'verified a delivery the vectors refuse');
            $this->assertSame((int) $case['headers']['webhook-timestamp'], $timestamp);
        } catch (SignatureVerificationException $error) {
            $this->assertFalse($case['valid'], $error->getMessage());
            $this->assertSame($case['error_type'], $error->getErrorType());
        }
    }

    public function testComparesTheServiceKeyInConstantTimeByHash(): void
    {
        $this->assertTrue(Webhook::verifySecret('s3cret', 's3cret'));
        $this->assertFalse(Webhook::verifySecret('s3cres', 's3cret'));
        $this->assertFalse(Webhook::verifySecret('s3cret ', 's3cret'));
        $this->assertFalse(Webhook::verifySecret(null, 's3cret'));
        $this->assertFalse(Webhook::verifySecret('', 's3cret'));
    }
}
