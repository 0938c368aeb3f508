<?php

declare(strict_types=1);

namespace Rankquill\Service;

use Rankquill\Model\Deleted;
use Rankquill\Model\Project;
use Rankquill\Model\ProjectCreateParams;
use Rankquill\Model\ProjectUpdateParams;
use Rankquill\Model\PublicApiKeyRotation;
use Rankquill\Page;

/**
 * Projects of the account: `$client->projects`.
 *
 * @example
 * $project = $client->projects->create(['name' => 'Northwind', 'domain' => 'northwind.example']);
 * echo $project->public_api_key;
 */
class ProjectService extends AbstractService
{
    /**
     * Creates a project. `name` and `domain` are required; `language` (default `en`) and
     * `brand_names` (default `[name]`) are optional.
     *
     * @example
     * $project = $client->projects->create(['name' => 'Northwind', 'domain' => 'northwind.example']);
     *
     * @param array<string, mixed>|ProjectCreateParams $params
     * @param array<string, mixed> $options
     */
    public function create(array|ProjectCreateParams $params, array $options = []): Project
    {
        return $this->request(Project::class, 'projects.create', [], $options, self::fields($params));
    }

    /**
     * Gets a project.
     *
     * @example
     * $project = $client->projects->retrieve('proj_123');
     * echo $project->name, ' ', $project['domain'];
     *
     * @param array<string, mixed> $options
     */
    public function retrieve(string $projectId, array $options = []): Project
    {
        return $this->request(
            Project::class,
            'projects.retrieve',
            [$projectId],
            $options,
        );
    }

    /**
     * Updates a project; fields left out keep their value. `webhook` sets (`['url' => ...,
     * 'secret' => ...]`) or removes (`null`) the project's webhook.
     *
     * @example
     * $client->projects->update('proj_123', [
     *     'webhook' => ['url' => 'https://cms.example/webhook.php', 'secret' => 's3cret'],
     * ]);
     *
     * @param array<string, mixed>|ProjectUpdateParams $params
     * @param array<string, mixed> $options
     */
    public function update(string $projectId, array|ProjectUpdateParams $params, array $options = []): Project
    {
        return $this->request(
            Project::class,
            'projects.update',
            [$projectId],
            $options,
            self::fields($params),
        );
    }

    /**
     * Lists the account's projects, newest first: one page, with `autoPagingIterator()` for all.
     *
     * @example
     * foreach ($client->projects->list(['limit' => 50])->autoPagingIterator() as $project) {
     *     echo $project->name, "\n";
     * }
     *
     * @param array{limit?: int, offset?: int} $params
     * @param array<string, mixed> $options
     * @return Page<Project>
     */
    public function list(array $params = [], array $options = []): Page
    {
        return $this->page(Project::class, 'projects.list', [], $params, $options);
    }

    /**
     * Deletes a project with its content and scheduled work.
     *
     * @example
     * $client->projects->delete('proj_123')->deleted; // true
     *
     * @param array<string, mixed> $options
     */
    public function delete(string $projectId, array $options = []): Deleted
    {
        return $this->request(
            Deleted::class,
            'projects.delete',
            [$projectId],
            $options,
        );
    }

    /**
     * Replaces the project's public article API key; the old one answers 401 at once.
     *
     * @example
     * $newKey = $client->projects->rotatePublicApiKey('proj_123')->public_api_key;
     *
     * @param array<string, mixed> $options
     */
    public function rotatePublicApiKey(string $projectId, array $options = []): PublicApiKeyRotation
    {
        return $this->request(
            PublicApiKeyRotation::class,
            'projects.rotatePublicApiKey',
            [$projectId],
            $options,
        );
    }
}
