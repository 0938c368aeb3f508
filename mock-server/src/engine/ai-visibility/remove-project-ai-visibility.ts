import type { StoreWriter } from '../../store/store';
import type { JobQueue } from '../kernel/jobs';
import type { AiPromptRecord } from '../kernel/records';
import { AI_VISIBILITY_DAILY_JOB } from './runs';

/**
 * Removes a project's topics, prompts, answers and scheduled runs inside the transaction that
 * deletes the project.
 */
export async function removeProjectAiVisibility(
  tx: StoreWriter,
  jobs: JobQueue,
  projectId: string,
): Promise<void> {
  const prompts = await tx.find<AiPromptRecord>('ai_prompts', { where: { project_id: projectId } });
  for (const prompt of prompts) await jobs.cancel(tx, prompt.id);
  await jobs.cancel(tx, projectId, AI_VISIBILITY_DAILY_JOB);
  await tx.deleteWhere('ai_responses', { project_id: projectId });
  await tx.deleteWhere('ai_prompts', { project_id: projectId });
  await tx.deleteWhere('ai_topics', { project_id: projectId });
}
