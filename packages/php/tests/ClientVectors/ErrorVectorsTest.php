<?php

declare(strict_types=1);

namespace Rankquill\Tests\ClientVectors;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\ApiException;
use Rankquill\Exception\AuthenticationException;
use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\ConflictException;
use Rankquill\Exception\InternalServerException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Exception\RateLimitException;
use Rankquill\HttpClient\HttpResponse;
use Rankquill\Internal\ErrorFactory;
use Rankquill\Tests\Support\Vectors;

/** packages/contract/vectors/errors.json: the exception for an error answer, and its fields. */
final class ErrorVectorsTest extends TestCase
{
    private const CLASS_OF_KIND = [
        'bad_request' => BadRequestException::class,
        'authentication' => AuthenticationException::class,
        'not_found' => NotFoundException::class,
        'conflict' => ConflictException::class,
        'rate_limit' => RateLimitException::class,
        'internal_server' => InternalServerException::class,
        'api' => ApiException::class,
    ];

    /** @return array<string, array{array<string, mixed>}> */
    public function cases(): array
    {
        return Vectors::rows(Vectors::load('errors')['cases']);
    }

    /**
     * @dataProvider cases
     * @param array<string, mixed> $case
     */
    public function testRaisesTheVectorsErrorWithItsFields(array $case): void
    {
        $error = ErrorFactory::fromResponse(new HttpResponse($case['status'], $case['headers'], $case['body']));
        $expected = $case['error'];
        // The exact class: `api` is the base class itself, not one of its subclasses.
        $this->assertSame(self::CLASS_OF_KIND[$expected['kind']], $error::class);
        $this->assertSame($expected['status'], $error->getStatus());
        $this->assertSame($expected['message'], $error->getMessage());
        $this->assertSame($expected['type'], $error->getType());
        $this->assertSame($expected['param'], $error->getParam());
        $this->assertSame($expected['request_id'], $error->getRequestId());
    }
}
