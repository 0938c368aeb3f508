<?php

declare(strict_types=1);

namespace Rankquill\Tests\Service;

use Rankquill\Exception\ApiConnectionException;
use Rankquill\Exception\AuthenticationException;
use Rankquill\Exception\BadRequestException;
use Rankquill\Exception\InvalidArgumentException;
use Rankquill\Exception\NotFoundException;
use Rankquill\Exception\UnexpectedValueException;
use Rankquill\ExportFile;
use Rankquill\Model\BulkExport;
use Rankquill\Tests\Support\ChunkRecordingStream;
use Rankquill\Tests\Support\ScriptedServer;
use Rankquill\Tests\Support\ServerTestCase;

final class ExportServiceTest extends ServerTestCase
{
    private const CONTENT_COLUMNS = 'id,title,slug,status,keyword,meta_title,meta_description,keywords,'
        . 'featured_image,content,content_text,created_at,updated_at,published_at';

    private string $folder;

    protected function setUp(): void
    {
        parent::setUp();
        $this->folder = sys_get_temp_dir() . '/rankquill-exports-' . bin2hex(random_bytes(4));
        mkdir($this->folder);
    }

    protected function tearDown(): void
    {
        foreach (glob("{$this->folder}/*") ?: [] as $file) {
            unlink($file);
        }
        rmdir($this->folder);
    }

    public function testContentExportAnswersTheFileWithItsNameAndTypeInATemporaryStream(): void
    {
        $client = $this->server->client();
        $response = $client->content->withResponse()->export($this->server->projectId, ['format' => 'csv']);
        $file = $response->data;
        $this->assertInstanceOf(ExportFile::class, $file);
        $this->assertSame('northwind-coffee-content-2026-01-01.csv', $file->filename);
        $this->assertSame('text/csv', $file->contentType);
        $this->assertMatchesRegularExpression('/^req_/', (string) $response->requestId);
        $this->assertSame($response->requestId, $file->requestId);
        $csv = $file->text();
        $this->assertStringStartsWith(self::CONTENT_COLUMNS . "\r\n", $csv);
        $this->assertSame(\strlen($csv), $file->size);
        $this->assertNull($file->path);
        $stream = $file->getStream();
        $this->assertSame($csv, stream_get_contents($stream));

        $copy = "{$this->folder}/copy.csv";
        $this->assertSame($file->size, $file->saveTo($copy));
        $this->assertSame($csv, file_get_contents($copy));
    }

    public function testContentExportStreamsToAPathOrToAStreamOfTheCaller(): void
    {
        $client = $this->server->client();
        $path = "{$this->folder}/articles.json";
        $file = $client->content->export($this->server->projectId, ['format' => 'json'], $path);
        $this->assertSame($path, $file->path);
        $this->assertSame(filesize($path), $file->size);
        $document = json_decode((string) file_get_contents($path), true);
        $this->assertSame('content_export', $document['object']);
        $statuses = array_map(fn ($article) => $article['status'], $document['articles']);
        sort($statuses);
        $this->assertSame(['draft', 'published', 'published', 'published'], $statuses);
        $this->assertSame($document, $file->json());

        $stream = fopen('php://memory', 'w+b');
        fwrite($stream, "before\n");
        $markdown = $client->content->export($this->server->projectId, ['format' => 'markdown'], $stream);
        $this->assertSame('text/markdown', $markdown->contentType);
        rewind($stream);
        $written = stream_get_contents($stream);
        $this->assertStringStartsWith("before\n", $written);
        $this->assertSame(\strlen("before\n") + $markdown->size, \strlen($written));
        $this->thrownBy(fn () => $markdown->text(), UnexpectedValueException::class);
    }

    public function testDownloadsReachTheDestinationChunkByChunk(): void
    {
        $client = $this->server->client();
        $projectId = $this->server->projectId;
        $draft = $client->content->list($projectId, ['status' => 'draft'])->data[0];
        $paragraph = '<p>' . str_repeat('Cold brew needs time, coarse grounds and patience. ', 40) . '</p>';
        $client->content->update($projectId, $draft->id, ['content' => str_repeat($paragraph, 200)]);

        ChunkRecordingStream::register();
        $stream = fopen('chunks://download', 'wb');
        $file = $client->content->export($projectId, ['format' => 'html'], $stream);
        fclose($stream);
        $this->assertGreaterThan(400_000, $file->size);
        $this->assertSame($file->size, array_sum(ChunkRecordingStream::$writes));
        $this->assertGreaterThan(4, \count(ChunkRecordingStream::$writes));
        $this->assertLessThanOrEqual(65_536, max(ChunkRecordingStream::$writes));
    }

    public function testABrokenDownloadRemovesThePartialFileAndIsNotRetried(): void
    {
        $server = ScriptedServer::start([
            [
                'status' => 200,
                'headers' => ['content-type' => 'text/csv', 'content-length' => '100000'],
                'body' => str_repeat('x', 5000),
            ],
            ['status' => 200, 'headers' => ['content-type' => 'text/csv'], 'body' => 'never asked for'],
        ]);
        try {
            $client = $this->server->client(['base_url' => $server->url . '/v1', 'max_retries' => 2]);
            $path = "{$this->folder}/broken.csv";
            $error = $this->thrownBy(
                fn () => $client->keywords->export('proj_1', ['format' => 'csv'], $path),
                ApiConnectionException::class,
            );
            $this->assertStringContainsString('broke off', $error->getMessage());
            $this->assertFileDoesNotExist($path);
            $this->assertCount(1, $server->requests());
        } finally {
            $server->stop();
        }
    }

    public function testRefusesADestinationItCannotWrite(): void
    {
        $client = $this->server->client();
        $this->thrownBy(
            fn () => $client->content->export($this->server->projectId, ['format' => 'csv'], '/no/such/folder/a.csv'),
            InvalidArgumentException::class,
        );
        $readOnly = fopen('php://memory', 'rb');
        $this->thrownBy(
            fn () => $client->content->export($this->server->projectId, ['format' => 'csv'], $readOnly),
            InvalidArgumentException::class,
        );
        $this->thrownBy(
            fn () => $client->content->export($this->server->projectId, ['format' => 'csv'], 42),
            InvalidArgumentException::class,
        );
    }

    public function testContentExportThrowsBadRequestNamingFormatForAFormatTheApiDoesNotOffer(): void
    {
        $path = "{$this->folder}/never.xml";
        $error = $this->thrownBy(
            fn () => $this->server->client()->content->export($this->server->projectId, ['format' => 'xml'], $path),
            BadRequestException::class,
        );
        $this->assertSame('format', $error->getParam());
        $this->assertFileDoesNotExist($path);
    }

    public function testKeywordsExportAnswersTheCsvOfSpec23(): void
    {
        $file = $this->server->client()->keywords->export($this->server->projectId);
        $this->assertSame('northwind-coffee-keywords-2026-01-01.csv', $file->filename);
        $this->assertSame(
            'keyword,volume,position,position_change,impressions,clicks,opportunity_score',
            explode("\r\n", $file->text())[0],
        );
    }

    public function testAiVisibilityExportAnswersTheJsonDocumentOfSpec24(): void
    {
        $client = $this->server->client();
        $file = $client->aiVisibility->export($this->server->projectId);
        $this->assertSame('northwind-coffee-ai-visibility-2026-01-01.json', $file->filename);
        $this->assertSame('application/json', $file->contentType);
        $data = $file->json();
        $this->assertSame('ai_visibility_export', $data['object']);
        $this->assertNotEmpty($data['topics']);
        $this->assertNotEmpty($data['prompts']);
        $this->assertCount(5, $data['visibility']['platforms']);
        $total = $client->aiVisibility->responses->list($this->server->projectId, ['limit' => 1])->pagination->total;
        $this->assertCount($total, $data['responses']);
    }

    public function testCreateAndWaitPollsUntilReadyAndDownloadSendsNoApiKey(): void
    {
        $recorder = ScriptedServer::start([]);
        $client = $this->server->client();
        // No advance: an export a request makes due runs at once in the background, on a manual clock too.
        $ready = $client->exports->createAndWait(
            $this->server->projectId,
            ['types' => ['content', 'keywords'], 'format' => 'csv'],
            ['poll_interval' => 0.05, 'wait_timeout' => 30],
        );
        try {
            $this->assertInstanceOf(BulkExport::class, $ready);
            $this->assertSame(
                [BulkExport::STATUS_READY, 'csv', ['content', 'keywords']],
                [$ready->status, $ready->format, $ready->types],
            );
            $this->assertIsString($ready->download_url);

            $path = "{$this->folder}/" . $ready->filename;
            $file = $client->exports->download($ready, $path);
            $this->assertSame('northwind-coffee-export-2026-01-01.zip', $file->filename);
            $this->assertSame('application/zip', $file->contentType);
            $this->assertSame("PK\x03\x04", substr((string) file_get_contents($path), 0, 4));
            $this->assertSame($ready->size_bytes, $file->size);

            // The same link through a recording proxy: no Authorization header goes with it.
            $recorder->script([['forward' => $this->server->url]]);
            $viaProxy = preg_replace('#^http://[^/]+#', $recorder->url, $ready->download_url);
            $this->assertSame($ready->size_bytes, $client->exports->download($viaProxy)->size);
            $this->assertArrayNotHasKey('authorization', $recorder->requests()[0]['headers']);
        } finally {
            $recorder->stop();
        }
    }

    public function testDownloadTakesTheUrlAsAStringAndRefusesAnExportThatIsNotReady(): void
    {
        $client = $this->server->client();
        $pending = $client->exports->create($this->server->projectId, ['types' => ['content'], 'format' => 'json']);
        $this->assertSame('pending', $pending->status);
        $error = $this->thrownBy(fn () => $client->exports->download($pending), UnexpectedValueException::class);
        $this->assertStringContainsString('pending', $error->getMessage());
        $this->thrownBy(fn () => $client->exports->download('exports/exp_1'), InvalidArgumentException::class);

        $this->server->advance(0);
        $ready = $client->exports->retrieve($this->server->projectId, $pending->id);
        $document = $client->exports->download((string) $ready->download_url)->json();
        $this->assertCount(4, $document['content']['articles']);
        $relative = (string) preg_replace('#^https?://[^/]+#', '', (string) $ready->download_url);
        $this->assertSame($document, $client->exports->download($relative)->json());
    }

    public function testALinkPastItsHourThrowsAuthenticationExceptionAndAFreshRetrieveGivesANewOne(): void
    {
        $client = $this->server->client();
        $started = $client->exports->create($this->server->projectId, ['types' => ['keywords'], 'format' => 'json']);
        $this->server->advance(0);
        $ready = $client->exports->retrieve($this->server->projectId, $started->id);
        $this->server->advance(3600);
        $error = $this->thrownBy(fn () => $client->exports->download($ready), AuthenticationException::class);
        $this->assertSame('expires', $error->getParam());
        $fresh = $client->exports->retrieve($this->server->projectId, $started->id);
        $this->assertSame('northwind-coffee-export-2026-01-01.json', $client->exports->download($fresh)->filename);
    }

    public function testRetrieveThrowsNotFoundForAnotherAccountsExport(): void
    {
        $started = $this->server->client()->exports->create(
            $this->server->projectId,
            ['types' => ['content'], 'format' => 'pdf'],
        );
        $stranger = $this->server->client(['api_key' => $this->server->createAccount()]);
        $this->thrownBy(
            fn () => $stranger->exports->retrieve($this->server->projectId, $started->id),
            NotFoundException::class,
        );
    }
}
