import type {
  Deleted,
  Project,
  ProjectCreateParams,
  ProjectUpdateParams,
  PublicApiKeyRotation,
} from '@rankquill/contract';
import type { APIPromise } from '../core/api-promise';
import type { PageParams, PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from './api-resource';

export type { Project, ProjectCreateParams, ProjectUpdateParams, PublicApiKeyRotation };
/** `limit` (1 to 100, default 10) and `offset` of `projects.list()`. */
export type ProjectListParams = PageParams;
/** Answer of `projects.delete()`. */
export type ProjectDeleteResponse = Deleted;

/**
 * Projects: one site each, holding its content, keywords and AI-visibility data.
 * @example
 * ```ts
 * const project = await client.projects.create({ name: 'Northwind Coffee', domain: 'northwind.example' });
 * ```
 */
export class Projects extends APIResource {
  /**
   * Creates a project. `language` defaults to `en`, `brand_names` to the project's name.
   *
   * @example
   * ```ts
   * const project = await client.projects.create({ name: 'Northwind', domain: 'northwind.example' });
   * ```
   */
  create(params: ProjectCreateParams, options?: RequestOptions): APIPromise<Project> {
    return this.call({
      operation: 'projects.create',
      body: params,
      options,
    });
  }

  /**
   * Gets a project by id.
   *
   * @example
   * ```ts
   * const project = await client.projects.retrieve('proj_123');
   * console.log(project.public_api_key);
   * ```
   */
  retrieve(projectId: string, options?: RequestOptions): APIPromise<Project> {
    return this.call({
      operation: 'projects.retrieve',
      ids: [projectId],
      options,
    });
  }

  /**
   * Changes a project; fields left out keep their value.
   *
   * @example
   * ```ts
   * const project = await client.projects.update('proj_123', { language: 'nl' });
   * ```
   */
  update(projectId: string, params: ProjectUpdateParams, options?: RequestOptions): APIPromise<Project> {
    return this.call({
      operation: 'projects.update',
      ids: [projectId],
      body: params,
      options,
    });
  }

  /**
   * Lists the account's projects, newest first. Await it for one page, or `for await` over it
   * for every project.
   *
   * @example
   * ```ts
   * const page = await client.projects.list({ limit: 20 });
   * for await (const project of client.projects.list()) console.log(project.name);
   * ```
   */
  list(params: ProjectListParams = {}, options?: RequestOptions): PagePromise<Project> {
    return this.paginate({ operation: 'projects.list', query: params, options });
  }

  /**
   * Deletes a project and everything in it.
   *
   * @example
   * ```ts
   * const { deleted } = await client.projects.delete('proj_123');
   * ```
   */
  delete(projectId: string, options?: RequestOptions): APIPromise<ProjectDeleteResponse> {
    return this.call({
      operation: 'projects.delete',
      ids: [projectId],
      options,
    });
  }

  /**
   * Replaces the project's public article API key; the old key answers 401 from then on.
   *
   * @example
   * ```ts
   * const { public_api_key } = await client.projects.rotatePublicApiKey('proj_123');
   * ```
   */
  rotatePublicApiKey(projectId: string, options?: RequestOptions): APIPromise<PublicApiKeyRotation> {
    return this.call({
      operation: 'projects.rotatePublicApiKey',
      ids: [projectId],
      options,
    });
  }
}
