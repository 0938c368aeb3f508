import {
  type Deleted,
  type ListEnvelope,
  ListParams,
  type Project,
  ProjectCreateParams,
  ProjectUpdateParams,
  type PublicApiKeyRotation,
} from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import { NotFoundError } from '../kernel/errors';
import type { JobQueue } from '../kernel/jobs';
import { paginationOf } from '../kernel/pagination';
import type { AccountRecord, ProjectRecord } from '../kernel/records';
import { definedFields, parseInput } from '../kernel/validation';
import { projectResource } from './serializers';

/** Prefix of public article API keys. */
export const PUBLIC_API_KEY_PREFIX = 'rqp_';

/**
 * Removes one domain's rows of a project being deleted, and cancels that domain's jobs about
 * them, inside the deletion's transaction. A domain removes only its own tables.
 */
export type ProjectCleanup = (tx: StoreWriter, jobs: JobQueue, projectId: string) => Promise<void>;

/** Projects of an account. Another account's project answers 404, never 403. */
export class ProjectService {
  /**
   * @param cleanups What deleting a project removes besides its row, run in this order; the
   * composition root passes one per domain that keeps rows of a project.
   */
  constructor(
    private readonly ctx: EngineContext,
    private readonly cleanups: readonly ProjectCleanup[],
  ) {}

  async list(account: AccountRecord, query: unknown): Promise<ListEnvelope<Project>> {
    const { limit, offset } = parseInput(ListParams, query, 'query');
    const where = { account_id: account.id };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('projects', where),
      this.ctx.store.find<ProjectRecord>('projects', {
        where,
        orderBy: [['seq', 'desc']],
        limit,
        offset,
      }),
    ]);
    return { data: rows.map(projectResource), pagination: paginationOf(limit, offset, rows.length, total) };
  }

  async create(account: AccountRecord, input: unknown): Promise<Project> {
    const params = parseInput(ProjectCreateParams, input);
    const record = await this.ctx.store.transaction((tx) =>
      this.insert(tx, account, { ...params, brand_names: params.brand_names ?? [params.name] }),
    );
    return projectResource(record);
  }

  /** Adds a project inside `tx`; used by `create` and by the demo data. */
  async insert(
    tx: StoreWriter,
    account: Pick<AccountRecord, 'id'>,
    fields: Pick<ProjectRecord, 'name' | 'domain' | 'language' | 'brand_names'>,
  ): Promise<ProjectRecord> {
    const { id, seq } = await this.ctx.ids.next(tx, 'proj');
    const now = this.ctx.clock.now();
    const record: ProjectRecord = {
      id,
      seq,
      account_id: account.id,
      ...fields,
      public_api_key: this.ctx.ids.keyFor(PUBLIC_API_KEY_PREFIX, 'public-key', seq),
      webhook: null,
      created_at: now,
      updated_at: now,
    };
    await tx.insert('projects', { ...record });
    return record;
  }

  async retrieve(account: AccountRecord, projectId: string): Promise<Project> {
    return projectResource(await this.owned(account, projectId));
  }

  async update(account: AccountRecord, projectId: string, input: unknown): Promise<Project> {
    const params = parseInput(ProjectUpdateParams, input);
    const record = await this.ctx.store.transaction(async (tx) => {
      const project = await this.owned(account, projectId, tx);
      const updated: ProjectRecord = {
        ...project,
        ...definedFields(params),
        updated_at: this.ctx.clock.now(),
      };
      await tx.put('projects', { ...updated });
      return updated;
    });
    return projectResource(record);
  }

  async delete(account: AccountRecord, projectId: string): Promise<Deleted> {
    await this.ctx.store.transaction(async (tx) => {
      await this.owned(account, projectId, tx);
      for (const cleanup of this.cleanups) await cleanup(tx, this.ctx.jobs, projectId);
      await tx.delete('projects', projectId);
    });
    return { id: projectId, deleted: true };
  }

  /** Replaces the public article API key; the old key answers 401 `Invalid API key` from now on. */
  async rotatePublicApiKey(account: AccountRecord, projectId: string): Promise<PublicApiKeyRotation> {
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.owned(account, projectId, tx);
      const seq = await this.ctx.ids.nextSeq(tx);
      const key = this.ctx.ids.keyFor(PUBLIC_API_KEY_PREFIX, 'public-key', seq);
      await tx.put('projects', { ...project, public_api_key: key, updated_at: this.ctx.clock.now() });
      return { public_api_key: key };
    });
  }

  /** The account's project, or a 404 that does not reveal whether another account has it. */
  async owned(
    account: Pick<AccountRecord, 'id'>,
    projectId: string,
    reader: Pick<StoreWriter, 'get'> = this.ctx.store,
  ): Promise<ProjectRecord> {
    const project = await reader.get<ProjectRecord>('projects', projectId);
    if (!project || project.account_id !== account.id) {
      throw new NotFoundError(
        `No project with id ${projectId}. List your projects with GET /v1/projects.`,
        'id',
      );
    }
    return project;
  }
}
