import type {
  AiVisibilityMentionDetectedEvent,
  AiVisibilityPrompt,
  AiVisibilityResponse,
  AiVisibilityTopic,
} from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { AiPromptRecord, AiResponseRecord, AiTopicRecord } from '../kernel/records';

/** The API form of a topic. */
export function aiTopicResource(topic: AiTopicRecord): AiVisibilityTopic {
  return {
    id: topic.id,
    project_id: topic.project_id,
    name: topic.name,
    prompt_count: topic.prompt_count,
    created_at: isoTime(topic.created_at),
  };
}

/** The API form of a prompt. */
export function aiPromptResource(prompt: AiPromptRecord): AiVisibilityPrompt {
  return {
    id: prompt.id,
    project_id: prompt.project_id,
    topic_id: prompt.topic_id,
    text: prompt.text,
    created_at: isoTime(prompt.created_at),
  };
}

/** The API form of an AI response. */
export function aiResponseResource(response: AiResponseRecord): AiVisibilityResponse {
  return {
    id: response.id,
    project_id: response.project_id,
    prompt_id: response.prompt_id,
    topic_id: response.topic_id,
    platform: response.platform,
    date: response.date,
    ran_at: isoTime(response.ran_at),
    text: response.text,
    mentioned: response.mentioned,
    mentions: response.mentions.map((mention) => ({
      brand: mention.brand,
      matched_text: mention.matched_text,
      excerpt: mention.excerpt,
      position: mention.position,
      offset: mention.offset,
    })),
    cited_urls: response.cited_urls,
    project_citations: response.project_citations,
    created_at: isoTime(response.created_at),
  };
}

/** Body of `ai_visibility.mention_detected` for a response that names the brand: its first mention. */
export function mentionDetectedPayload(response: AiResponseRecord): AiVisibilityMentionDetectedEvent {
  const first = response.mentions[0];
  return {
    event: 'ai_visibility.mention_detected',
    project_id: response.project_id,
    response_id: response.id,
    prompt_id: response.prompt_id,
    platform: response.platform,
    brand: first?.brand ?? '',
    excerpt: first?.excerpt ?? '',
    cited_urls: response.cited_urls,
    detected_at: isoTime(response.ran_at),
  };
}
