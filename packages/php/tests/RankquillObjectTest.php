<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;
use Rankquill\Exception\UnexpectedValueException;
use Rankquill\Model\AiVisibilityScore;
use Rankquill\Model\AiVisibilityScorePeriod;
use Rankquill\Model\Project;
use Rankquill\Model\ProjectWebhook;

final class RankquillObjectTest extends TestCase
{
    private const PROJECT = [
        'id' => 'proj_1',
        'name' => 'Northwind',
        'domain' => 'northwind.example',
        'language' => 'en',
        'brand_names' => ['Northwind'],
        'public_api_key' => 'rqp_1',
        'webhook' => ['url' => 'https://cms.example/hook', 'secret_set' => true],
        'created_at' => '2026-01-01T00:00:00.000Z',
        'updated_at' => '2026-01-01T00:00:00.000Z',
    ];

    public function testReadsFieldsAsPropertiesAndAsArrayKeysWithNestedModels(): void
    {
        $project = Project::fromArray(self::PROJECT);
        $this->assertSame('rqp_1', $project->public_api_key);
        $this->assertSame('rqp_1', $project['public_api_key']);
        $this->assertInstanceOf(ProjectWebhook::class, $project->webhook);
        $this->assertTrue($project['webhook']['secret_set']);
        $this->assertTrue(isset($project['webhook']));
        $this->assertCount(9, $project);
        $this->assertSame(self::PROJECT, $project->toArray());
        $this->assertSame(json_encode(self::PROJECT), json_encode($project));
        $this->assertSame(array_keys(self::PROJECT), array_keys(iterator_to_array($project)));
    }

    public function testKeepsFieldsANewerServerAddsAndValuesOfAnotherType(): void
    {
        $project = Project::fromArray(['plan_tier' => 'gold', 'name' => ['not', 'a', 'string']] + self::PROJECT);
        $this->assertSame('gold', $project->plan_tier);
        $this->assertSame('gold', $project['plan_tier']);
        $this->assertTrue(isset($project->plan_tier));
        $this->assertSame(['not', 'a', 'string'], $project['name']);
        $this->assertSame(['not', 'a', 'string'], $project->toArray()['name']);
        $this->expectException(UnexpectedValueException::class);
        $this->expectExceptionMessage('Project::$name holds a value of another type (array)');
        $project->name;
        $this->assertSame('gold', $project->toArray()['plan_tier']);
    }

    public function testReadsAbsentFieldsAsNullWhereTheirTypeAllowsIt(): void
    {
        $project = Project::fromArray(['id' => 'proj_2']);
        $this->assertNull($project->webhook);
        $this->assertNull($project['webhook']);
        $this->assertNull($project['name']);
        $this->assertFalse(isset($project['name']));
        $this->assertFalse(isset($project->name));
        $this->assertSame(['id' => 'proj_2'], $project->toArray());
        $this->assertNull($project['no_such_field']);
        $this->assertNull($project->no_such_field);
        $this->expectException(UnexpectedValueException::class);
        $this->expectExceptionMessage("Project::\$name is absent; \$object['name'] reads an absent field as null.");
        $project->name;
    }

    public function testFieldsCanBeSetAndRemovedAsPropertiesOrArrayKeys(): void
    {
        $project = Project::fromArray(['id' => 'proj_3']);
        $project['name'] = 'Set';
        $project->domain = 'set.example';
        $project['note'] = 'mine';
        $this->assertSame(
            ['id' => 'proj_3', 'name' => 'Set', 'domain' => 'set.example', 'note' => 'mine'],
            $project->toArray(),
        );
        unset($project['name'], $project['note']);
        $this->assertNull($project['name']);
        $this->assertSame(['id' => 'proj_3', 'domain' => 'set.example'], $project->toArray());
        $this->expectException(\TypeError::class);
        $project['brand_names'] = 'not a list';
    }

    public function testBuildsListsOfNestedModels(): void
    {
        $score = AiVisibilityScore::fromArray([
            'project_id' => 'proj_1',
            'period' => ['from' => '2026-01-01', 'to' => '2026-01-30', 'days' => 30],
            'score' => 12,
            'platforms' => [['platform' => 'chatgpt', 'score' => 10.5, 'counts' => ['responses' => 1]]],
            'cited_domains' => [],
        ]);
        $this->assertInstanceOf(AiVisibilityScorePeriod::class, $score->period);
        $this->assertSame(12.0, $score->score);
        $this->assertSame('chatgpt', $score->platforms[0]->platform);
        $this->assertSame(1, $score->platforms[0]->counts->responses);
        $this->assertSame([], $score->cited_domains);
        $this->assertSame(
            ['platform' => 'chatgpt', 'score' => 10.5, 'counts' => ['responses' => 1]],
            $score->toArray()['platforms'][0],
        );
    }
}
