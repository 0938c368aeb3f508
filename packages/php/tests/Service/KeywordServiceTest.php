<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\ConflictException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Model\Keyword;
use Rankquill\Model\KeywordOpportunity;
use Rankquill\Model\KeywordOpportunityFactors;
use Rankquill\Model\KeywordPerformancePoint;
use Rankquill\Tests\Support\ServerTestCase;

final class KeywordServiceTest extends ServerTestCase
{
    private const DAY = 86400;

    public function testTracksAKeywordChecksItAtOnceAndThenEveryDay(): void
    {
        $client = $this->server->client();
        $projectId = $this->server->projectId;
        $keyword = $client->keywords->create($projectId, ['keyword' => '  Moka   pot grind size ']);
        $this->assertInstanceOf(Keyword::class, $keyword);
        $this->assertMatchesRegularExpression('/^kw_/', $keyword->id);
        $this->assertSame('Moka pot grind size', $keyword->keyword);
        $this->assertSame($projectId, $keyword->project_id);
        $this->assertNull($keyword->change);
        $this->assertGreaterThan(0, $keyword->volume);

        $this->server->advance(3 * self::DAY);
        $days = iterator_to_array(
            $client->keywords->performance($projectId, $keyword->id, ['limit' => 2])->autoPagingIterator(),
            false,
        );
        $this->assertContainsOnlyInstancesOf(KeywordPerformancePoint::class, $days);
        $this->assertSame(
            ['2026-01-04', '2026-01-03', '2026-01-02', '2026-01-01'],
            array_map(fn ($day) => $day->date, $days),
        );
        $this->assertSame($keyword->position, $days[3]->position);
        $this->assertNull($days[3]->change);

        $window = $client->keywords->performance(
            $projectId,
            $keyword->id,
            ['from' => '2026-01-02', 'to' => '2026-01-03'],
        );
        $this->assertSame(['2026-01-03', '2026-01-02'], array_map(fn ($day) => $day->date, $window->data));
    }

    public function testListsKeywordsNewestFirstOnePageOrEveryKeyword(): void
    {
        $client = $this->server->client();
        $projectId = $this->server->projectId;
        $added = $client->keywords->create($projectId, ['keyword' => 'ristretto']);
        $page = $client->keywords->list($projectId, ['limit' => 2]);
        $this->assertSame($added->id, $page->data[0]->id);
        $this->assertSame(6, $page->pagination->total);
        $this->assertTrue($page->pagination->has_more);

        $names = array_map(
            fn (Keyword $keyword) => $keyword->keyword,
            iterator_to_array($client->keywords->list($projectId, ['limit' => 4])->autoPagingIterator(), false),
        );
        sort($names);
        $this->assertSame(
            [
                'best coffee grinder',
                'cold brew ratio',
                'decaf process',
                'espresso crema',
                'pour over technique',
                'ristretto',
            ],
            $names,
        );
    }

    public function testRanksOpportunitiesHighestScoreFirstWithTheFactors(): void
    {
        $data = $this->server->client()->keywords->opportunities($this->server->projectId, ['limit' => 100])->data;
        $this->assertCount(5, $data);
        $this->assertContainsOnlyInstancesOf(KeywordOpportunity::class, $data);
        $scores = array_map(fn (KeywordOpportunity $item) => $item->opportunity_score, $data);
        $sorted = $scores;
        rsort($sorted);
        $this->assertSame($sorted, $scores);
        $this->assertInstanceOf(KeywordOpportunityFactors::class, $data[0]->factors);
        $this->assertIsFloat($data[0]->factors->demand);
        $this->assertSame(['demand', 'reachability', 'click_gap'], array_keys($data[0]['factors']->toArray()));
    }

    public function testThrowsConflictForAKeywordAlreadyTrackedAndBadRequestForAnEmptyOne(): void
    {
        $client = $this->server->client();
        $projectId = $this->server->projectId;
        $duplicate = $this->thrownBy(
            fn () => $client->keywords->create($projectId, ['keyword' => 'COLD BREW ratio']),
            ConflictException::class,
        );
        $this->assertSame('keyword', $duplicate->getParam());
        $empty = $this->thrownBy(
            fn () => $client->keywords->create($projectId, ['keyword' => '   ']),
            BadRequestException::class,
        );
        $this->assertSame('keyword', $empty->getParam());
        $badRange = $this->thrownBy(
            fn () => $client->keywords->performance(
                $projectId,
                'kw_unknown',
                ['from' => '2026-01-31', 'to' => '2026-01-01'],
            ),
            BadRequestException::class,
        );
        $this->assertSame('from', $badRange->getParam());
    }

    public function testThrowsNotFoundForAnUnknownKeywordAndAnotherAccountsProject(): void
    {
        $missing = $this->thrownBy(
            fn () => $this->server->client()->keywords->performance($this->server->projectId, 'kw_missing'),
            NotFoundException::class,
        );
        $this->assertSame('keywordId', $missing->getParam());
        $stranger = $this->server->client(['api_key' => $this->server->createAccount()]);
        $this->thrownBy(fn () => $stranger->keywords->list($this->server->projectId), NotFoundException::class);
    }
}
