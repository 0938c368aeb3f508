<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\ConflictException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Model\AiVisibilityMention;
use Rankquill\Model\AiVisibilityPlatformBreakdown;
use Rankquill\Model\AiVisibilityPrompt;
use Rankquill\Model\AiVisibilityResponse;
use Rankquill\Model\AiVisibilityScore;
use Rankquill\Model\AiVisibilityScorePeriod;
use Rankquill\Model\AiVisibilityTopic;
use Rankquill\RankquillClient;
use Rankquill\Tests\Support\ServerTestCase;

final class AiVisibilityServiceTest extends ServerTestCase
{
    private const DAY = 86400;
    private const PLATFORMS = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overviews'];

    public function testCreatesAndListsTopicsAndPrompts(): void
    {
        $client = $this->server->client();
        $projectId = $this->newProject($client);
        $topic = $client->aiVisibility->topics->create($projectId, ['name' => 'Home brewing']);
        $this->assertInstanceOf(AiVisibilityTopic::class, $topic);
        $this->assertSame(['Home brewing', 0, $projectId], [$topic->name, $topic->prompt_count, $topic->project_id]);
        $other = $client->aiVisibility->topics->create($projectId, ['name' => 'Beans']);

        $prompt = $client->aiVisibility->prompts->create(
            $projectId,
            ['topic_id' => $topic->id, 'text' => 'What is the best coffee for cold brew?'],
        );
        $this->assertInstanceOf(AiVisibilityPrompt::class, $prompt);
        $this->assertSame($topic->id, $prompt->topic_id);
        $client->aiVisibility->prompts->create($projectId, ['topic_id' => $other->id, 'text' => 'Which beans for '
            . 'espresso?']);

        $topics = $client->aiVisibility->topics->list($projectId);
        $this->assertSame(
            [['Beans', 1], ['Home brewing', 1]],
            array_map(fn ($t) => [$t->name, $t->prompt_count], $topics->data),
        );
        $ofTopic = $client->aiVisibility->prompts->list($projectId, ['topic_id' => $topic->id]);
        $this->assertSame([$prompt->id], array_map(fn ($p) => $p->id, $ofTopic->data));
        $every = array_map(
            fn ($p) => $p->text,
            iterator_to_array(
                $client->aiVisibility->prompts->list($projectId, ['limit' => 1])->autoPagingIterator(),
                false,
            ),
        );
        $this->assertSame(['Which beans for espresso?', 'What is the best coffee for cold brew?'], $every);
    }

    public function testListsTheAnswersOfEveryPlatformFilteredAndScoresThem(): void
    {
        $client = $this->server->client();
        $projectId = $this->newProject($client);
        $topic = $client->aiVisibility->topics->create($projectId, ['name' => 'Cold brew']);
        $prompt = $client->aiVisibility->prompts->create(
            $projectId,
            ['topic_id' => $topic->id, 'text' => 'Best beans for cold brew?'],
        );
        $this->server->advance(2 * self::DAY);

        $answers = iterator_to_array(
            $client->aiVisibility->responses->list(
                $projectId,
                ['prompt_id' => $prompt->id, 'limit' => 4],
            )->autoPagingIterator(),
            false,
        );
        $this->assertCount(15, $answers);
        $this->assertContainsOnlyInstancesOf(AiVisibilityResponse::class, $answers);
        $platforms = array_unique(array_map(fn ($a) => $a->platform, $answers));
        sort($platforms);
        $expected = self::PLATFORMS;
        sort($expected);
        $this->assertSame($expected, $platforms);
        foreach ($answers as $answer) {
            $this->assertContainsOnlyInstancesOf(AiVisibilityMention::class, $answer->mentions);
            $this->assertIsBool($answer->mentioned);
        }
        $claude = $client->aiVisibility->responses->list(
            $projectId,
            ['platform' => 'claude', 'from' => '2026-01-02', 'to' => '2026-01-03'],
        );
        $this->assertSame(
            [['claude', '2026-01-03'], ['claude', '2026-01-02']],
            array_map(fn ($a) => [$a->platform, $a->date], $claude->data),
        );

        $score = $client->aiVisibility->retrieve($projectId);
        $this->assertInstanceOf(AiVisibilityScore::class, $score);
        $this->assertInstanceOf(AiVisibilityScorePeriod::class, $score->period);
        $this->assertSame(['from' => '2025-12-05', 'to' => '2026-01-03', 'days' => 30], $score->period->toArray());
        $this->assertSame(15, $score->counts->responses);
        $this->assertSame(count(array_filter($answers, fn ($a) => $a->mentioned)), $score->counts->mentioned);
        $this->assertContainsOnlyInstancesOf(AiVisibilityPlatformBreakdown::class, $score->platforms);
        $this->assertSame(self::PLATFORMS, array_map(fn ($p) => $p->platform, $score->platforms));
        $firstDay = $client->aiVisibility->retrieve($projectId, ['from' => '2026-01-01', 'to' => '2026-01-01']);
        $this->assertSame(5, $firstDay->counts->responses);
    }

    public function testThrowsTypedErrorsThatNameTheParameter(): void
    {
        $client = $this->server->client();
        $projectId = $this->server->projectId;
        $badPlatform = $this->thrownBy(
            fn () => $client->aiVisibility->responses->list($projectId, ['platform' => 'bard']),
            BadRequestException::class,
        );
        $this->assertSame('platform', $badPlatform->getParam());
        $this->assertStringContainsString(
            'chatgpt, perplexity, gemini, claude, google_ai_overviews',
            $badPlatform->getMessage(),
        );

        $unknownTopic = $this->thrownBy(
            fn () => $client->aiVisibility->prompts->create(
                $projectId,
                ['topic_id' => 'top_0000000000000', 'text' => 'Anything?'],
            ),
            BadRequestException::class,
        );
        $this->assertSame('topic_id', $unknownTopic->getParam());

        $topic = $client->aiVisibility->topics->list($projectId)->data[0];
        $duplicate = $this->thrownBy(
            fn () => $client->aiVisibility->topics->create($projectId, ['name' => strtoupper($topic->name)]),
            ConflictException::class,
        );
        $this->assertSame('name', $duplicate->getParam());

        $stranger = $this->server->client(['api_key' => $this->server->createAccount()]);
        $this->thrownBy(fn () => $stranger->aiVisibility->retrieve($projectId), NotFoundException::class);
    }

    private function newProject(RankquillClient $client): string
    {
        return $client->projects->create(['name' => 'Northwind Coffee', 'domain' => 'northwind-coffee.example'])->id;
    }
}
