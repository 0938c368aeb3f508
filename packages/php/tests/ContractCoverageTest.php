<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\PublicArticles;
use Rankquill\RankquillClient;
use Rankquill\Service\AbstractService;
use Rankquill\Tests\Support\ReferenceServer;

/**
 * Every operation of packages/contract/openapi.json has a method, and every method an
 * operation. Left out: the admin routes, /healthz and /openapi.json (for tests and operators),
 * and the public article API, which `PublicArticles` covers.
 */
final class ContractCoverageTest extends TestCase
{
    /** Operation ids whose resource path differs from the client's property path. */
    private const RESOURCE_OF = ['projects.webhook' => 'webhooks'];

    /** Methods that are helpers over other operations. */
    private const HELPERS = ['withResponse', 'recordingInto', 'createAndWait'];

    /** @return list<array{id: string, method: string, path: string, pathParams: int}> */
    private static function operations(): array
    {
        $document = json_decode(
            (string) file_get_contents(ReferenceServer::repositoryRoot() . '/packages/contract/openapi.json'),
            true,
            512,
            JSON_THROW_ON_ERROR,
        );
        $operations = [];
        foreach ($document['paths'] as $path => $item) {
            foreach ($item as $httpMethod => $operation) {
                // An export at a path of its own (`export.csv`) is for generated clients; ours send `?format=`.
                if (isset($operation['x-rankquill-format-of'])) {
                    continue;
                }
                $pathParams = array_filter($operation['parameters'] ?? [], fn (array $p) => $p['in'] === 'path');
                $operations[] = [
                    'id' => $operation['operationId'],
                    'method' => strtoupper($httpMethod),
                    'path' => $path,
                    'pathParams' => \count($pathParams),
                ];
            }
        }
        return $operations;
    }

    private static function client(): RankquillClient
    {
        return new RankquillClient(['api_key' => 'rq_test_coverage', 'base_url' => 'http://127.0.0.1:1/v1']);
    }

    public function testEveryOperationOfTheContractHasAMethod(): void
    {
        $client = self::client();
        $missing = [];
        $checked = 0;
        foreach (self::operations() as $operation) {
            $id = $operation['id'];
            if (str_starts_with($id, 'admin.') || $id === 'health' || $id === 'openapi') {
                continue;
            }
            if (str_starts_with($id, 'publicArticles.')) {
                $this->assertTrue(method_exists(PublicArticles::class, 'list'));
                $this->assertTrue(method_exists(PublicArticles::class, 'retrieve'));
                $this->assertTrue(method_exists(PublicArticles::class, 'autoPagingIterator'));
                continue;
            }
            $parts = explode('.', $id);
            $method = array_pop($parts);
            $resource = implode('.', $parts);
            $service = $client;
            foreach (explode('.', self::RESOURCE_OF[$resource] ?? $resource) as $property) {
                $service = property_exists($service, $property) ? $service->{$property} : null;
                if ($service === null) {
                    break;
                }
            }
            if ($service === null || !method_exists($service, $method)) {
                $missing[] = "{$id} ({$operation['method']} {$operation['path']})";
                continue;
            }
            $reflection = new \ReflectionMethod($service, $method);
            $this->assertTrue($reflection->isPublic(), $id);
            if ($id !== 'exports.download') {
                $leadingIds = 0;
                foreach ($reflection->getParameters() as $parameter) {
                    if ((string) $parameter->getType() !== 'string') {
                        break;
                    }
                    $leadingIds++;
                }
                $this->assertSame($operation['pathParams'], $leadingIds, "{$id}: one string parameter per path "
                    . "parameter");
            }
            $checked++;
        }
        $this->assertSame([], $missing, 'Operations of openapi.json without a method: ' . implode(', ', $missing));
        $this->assertGreaterThanOrEqual(31, $checked);
    }

    public function testEveryMethodOfEveryServiceIsAnOperationOrAHelper(): void
    {
        $known = array_column(self::operations(), 'id');
        $services = [];
        $this->collect(self::client(), '', $services);
        $this->assertGreaterThanOrEqual(8, \count($services));
        foreach ($services as $resource => $service) {
            foreach ((new \ReflectionClass($service))->getMethods(\ReflectionMethod::IS_PUBLIC) as $method) {
                $name = $method->getName();
                if ($method->isConstructor() || \in_array($name, self::HELPERS, true)) {
                    continue;
                }
                $operationResource = array_search($resource, self::RESOURCE_OF, true) ?: $resource;
                $this->assertContains("{$operationResource}.{$name}", $known, "{$resource}->{$name}() calls no "
                    . "operation of openapi.json");
            }
        }
    }

    /** @param array<string, AbstractService> $services */
    private function collect(object $owner, string $prefix, array &$services): void
    {
        foreach ((new \ReflectionObject($owner))->getProperties(\ReflectionProperty::IS_PUBLIC) as $property) {
            $value = $property->getValue($owner);
            if ($value instanceof AbstractService) {
                $name = $prefix . $property->getName();
                $services[$name] = $value;
                $this->collect($value, "{$name}.", $services);
            }
        }
    }
}
