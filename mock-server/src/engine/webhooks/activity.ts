import { type ActivityEntry, type ListEnvelope, ListParams } from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import type { JobQueue } from '../kernel/jobs';
import { paginationOf } from '../kernel/pagination';
import type { AccountRecord, ActivityRecord } from '../kernel/records';
import { parseInput } from '../kernel/validation';
import type { ProjectService } from '../projects/projects';
import { activityResource } from './serializers';

/** Fields of a new activity entry; the id, sequence and project come from `record`. */
export type ActivityFields = Omit<ActivityRecord, 'id' | 'seq' | 'project_id' | 'created_at'> & {
  /** Defaults to the clock's now; back-dated demo data passes its own instant. */
  at?: number;
};

/** A project's activity feed: lifecycle events and the outcome of webhook deliveries. */
export class ActivityService {
  constructor(
    private readonly ctx: EngineContext,
    private readonly projects: ProjectService,
  ) {}

  /** Adds an entry inside `tx`, so it lands with the change it describes or not at all. */
  async record(tx: StoreWriter, projectId: string, fields: ActivityFields): Promise<void> {
    const { at, ...rest } = fields;
    const { id, seq } = await this.ctx.ids.next(tx, 'act', 'activity');
    const entry: ActivityRecord = {
      id,
      seq,
      project_id: projectId,
      ...rest,
      created_at: at ?? this.ctx.clock.now(),
    };
    await tx.insert('activity', { ...entry });
  }

  /** The feed, newest first, paginated like every list. */
  async list(
    account: AccountRecord,
    projectId: string,
    query: unknown,
  ): Promise<ListEnvelope<ActivityEntry>> {
    const { limit, offset } = parseInput(ListParams, query, 'query');
    const project = await this.projects.owned(account, projectId);
    const where = { project_id: project.id };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('activity', where),
      this.ctx.store.find<ActivityRecord>('activity', {
        where,
        orderBy: [
          ['created_at', 'desc'],
          ['seq', 'desc'],
        ],
        limit,
        offset,
      }),
    ]);
    return { data: rows.map(activityResource), pagination: paginationOf(limit, offset, rows.length, total) };
  }
}

/** Removes a project's activity feed (a step of deleting the project). */
export async function removeProjectActivity(
  tx: StoreWriter,
  _jobs: JobQueue,
  projectId: string,
): Promise<void> {
  await tx.deleteWhere('activity', { project_id: projectId });
}
