import {
  AiVisibilityPrompt,
  AiVisibilityPromptCreateParams,
  AiVisibilityPromptListParams,
  AiVisibilityResponse,
  AiVisibilityResponseListParams,
  AiVisibilityScore,
  AiVisibilityScoreParams,
  AiVisibilityTopic,
  AiVisibilityTopicCreateParams,
} from '../ai-visibility';
import { ListParams, listOf } from '../common';
import { type Operation, op, projectPath } from './operation';

const aiVisibilityPath = `${projectPath}/ai-visibility`;

/** AI visibility: the score, topics, prompts and the AI answers. */
export const aiVisibilityOperations = [
  op({
    id: 'aiVisibility.retrieve',
    method: 'GET',
    path: aiVisibilityPath,
    summary:
      'Visibility score over a period (default the last 30 days), with citation score and platform breakdown',
    tag: 'AI visibility',
    auth: 'bearer',
    query: AiVisibilityScoreParams,
    status: 200,
    response: AiVisibilityScore,
  }),
  op({
    id: 'aiVisibility.topics.list',
    method: 'GET',
    path: `${aiVisibilityPath}/topics`,
    summary: 'List topics, newest first',
    tag: 'AI visibility',
    auth: 'bearer',
    query: ListParams,
    status: 200,
    response: listOf(AiVisibilityTopic),
  }),
  op({
    id: 'aiVisibility.topics.create',
    method: 'POST',
    path: `${aiVisibilityPath}/topics`,
    summary: 'Create a topic',
    tag: 'AI visibility',
    auth: 'bearer',
    body: AiVisibilityTopicCreateParams,
    status: 201,
    response: AiVisibilityTopic,
  }),
  op({
    id: 'aiVisibility.prompts.list',
    method: 'GET',
    path: `${aiVisibilityPath}/prompts`,
    summary: 'List prompts, newest first, optionally of one topic',
    tag: 'AI visibility',
    auth: 'bearer',
    query: ListParams.extend(AiVisibilityPromptListParams.shape),
    status: 200,
    response: listOf(AiVisibilityPrompt),
  }),
  op({
    id: 'aiVisibility.prompts.create',
    method: 'POST',
    path: `${aiVisibilityPath}/prompts`,
    summary: 'Track a prompt; it is asked on every platform for today at once, then every day at 00:00 UTC',
    tag: 'AI visibility',
    auth: 'bearer',
    body: AiVisibilityPromptCreateParams,
    status: 201,
    response: AiVisibilityPrompt,
  }),
  op({
    id: 'aiVisibility.responses.list',
    method: 'GET',
    path: `${aiVisibilityPath}/responses`,
    summary: 'List AI answers, newest day first, by prompt, topic, platform and date',
    tag: 'AI visibility',
    auth: 'bearer',
    query: ListParams.extend(AiVisibilityResponseListParams.shape),
    status: 200,
    response: listOf(AiVisibilityResponse),
  }),
] as const satisfies readonly Operation[];
