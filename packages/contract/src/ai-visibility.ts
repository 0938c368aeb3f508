import { z } from 'zod';
import { DateOnly, NOT_BLANK, Timestamp } from './common';
import { named, openEnum } from './registry';

/**
 * AI platforms every tracked prompt is asked on, once a day. Answers keep an open string so a
 * platform added by a newer server never breaks an older client.
 *
 * @example
 * ```ts
 * import { AI_PLATFORMS } from '@rankquill/contract';
 * for (const platform of AI_PLATFORMS) console.log(platform); // chatgpt, perplexity, …
 * ```
 */
export const AI_PLATFORMS = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overviews'] as const;
export const AiPlatform = openEnum(AI_PLATFORMS);
export type AiPlatform = z.infer<typeof AiPlatform>;

/** Lengths of a topic name and a prompt text, in characters. */
export const AI_TOPIC_NAME_MAX_LENGTH = 100;
export const AI_PROMPT_TEXT_MAX_LENGTH = 500;

/** Days the visibility score covers when no `from` is given, ending today (UTC). */
export const AI_VISIBILITY_DEFAULT_DAYS = 30;
/** Longest period the score can cover, in days. */
export const AI_VISIBILITY_MAX_DAYS = 366;

const DATE_ERROR = 'must be a date in YYYY-MM-DD form, such as 2026-01-31';
const dateParam = z.iso.date({ error: DATE_ERROR });
const platformParam = z.enum(AI_PLATFORMS, { error: `must be one of: ${AI_PLATFORMS.join(', ')}` });
const idParam = (what: string) =>
  z
    .string({ error: `must be a ${what} id` })
    .regex(NOT_BLANK, { error: `must be a ${what} id` })
    .trim();

export const AiVisibilityTopic = named(
  'AiVisibilityTopic',
  'A topic: a group of prompts about one subject, such as "home brewing".',
  z.object({
    id: z.string().describe('Topic id, `top_…`.'),
    project_id: z.string(),
    name: z.string().describe('Unique within the project, ignoring case.'),
    prompt_count: z.number().int().describe('Number of prompts in the topic.'),
    created_at: Timestamp,
  }),
);
export type AiVisibilityTopic = z.infer<typeof AiVisibilityTopic>;

export const AiVisibilityTopicCreateParams = named(
  'AiVisibilityTopicCreateParams',
  'Body of POST /projects/:projectId/ai-visibility/topics.',
  z.strictObject({
    name: z
      .string({ error: 'must be a string' })
      .max(AI_TOPIC_NAME_MAX_LENGTH, { error: `must be at most ${AI_TOPIC_NAME_MAX_LENGTH} characters` })
      .regex(NOT_BLANK, { error: 'must not be empty' })
      .trim()
      .describe('Name of the topic. Required; unique within the project, ignoring case.'),
  }),
);
export type AiVisibilityTopicCreateParams = z.input<typeof AiVisibilityTopicCreateParams>;

export const AiVisibilityPrompt = named(
  'AiVisibilityPrompt',
  'A prompt: a question the service asks every AI platform once a day, as a customer would.',
  z.object({
    id: z.string().describe('Prompt id, `prm_…`.'),
    project_id: z.string(),
    topic_id: z.string().describe('Topic id, `top_…`.'),
    text: z.string().describe('The question, unique within the project, ignoring case.'),
    created_at: Timestamp,
  }),
);
export type AiVisibilityPrompt = z.infer<typeof AiVisibilityPrompt>;

export const AiVisibilityPromptCreateParams = named(
  'AiVisibilityPromptCreateParams',
  'Body of POST /projects/:projectId/ai-visibility/prompts. The prompt is asked on every platform for today at once, then every day at 00:00 UTC.',
  z.strictObject({
    topic_id: idParam('topic').describe('Topic the prompt belongs to, `top_…`. Required.'),
    text: z
      .string({ error: 'must be a string' })
      .max(AI_PROMPT_TEXT_MAX_LENGTH, { error: `must be at most ${AI_PROMPT_TEXT_MAX_LENGTH} characters` })
      .regex(NOT_BLANK, { error: 'must not be empty' })
      .trim()
      .describe('The question to ask. Required; unique within the project, ignoring case.'),
  }),
);
export type AiVisibilityPromptCreateParams = z.input<typeof AiVisibilityPromptCreateParams>;

export const AiVisibilityMention = named(
  'AiVisibilityMention',
  "One place where an answer names one of the project's brand names.",
  z.object({
    brand: z.string().describe('The brand name of the project that was found, as configured.'),
    matched_text: z.string().describe('The words as the answer wrote them, such as "northwind cöffee".'),
    excerpt: z.string().describe('The sentence holding the mention, at most about 240 characters.'),
    position: z
      .number()
      .int()
      .describe('1-based number of the sentence of the answer in which the mention begins.'),
    offset: z.number().int().describe('Index in `text` (UTF-16 code units) at which the mention begins.'),
  }),
);
export type AiVisibilityMention = z.infer<typeof AiVisibilityMention>;

export const AiVisibilityResponse = named(
  'AiVisibilityResponse',
  "An AI platform's answer to a prompt on one day, with the brand mentions and citations found in it.",
  z.object({
    id: z.string().describe('Response id, `rsp_…`.'),
    project_id: z.string(),
    prompt_id: z.string().describe('Prompt id, `prm_…`.'),
    topic_id: z.string().describe('Topic id of the prompt, `top_…`.'),
    platform: AiPlatform,
    date: DateOnly.describe('Day (UTC) the prompt was asked for.'),
    ran_at: Timestamp.describe('When the platform was asked.'),
    text: z.string().describe('The answer, as plain text (it may hold Markdown).'),
    mentioned: z.boolean().describe('True when the answer names one of the brand names of the project.'),
    mentions: z.array(AiVisibilityMention).describe('Every mention, in order of appearance.'),
    cited_urls: z.array(z.string()).describe('Every URL the answer cites, in order, without repeats.'),
    project_citations: z
      .array(z.string())
      .describe("The cited URLs on the project's domain or one of its subdomains."),
    created_at: Timestamp,
  }),
);
export type AiVisibilityResponse = z.infer<typeof AiVisibilityResponse>;

const metrics = {
  score: z
    .number()
    .describe(
      'Visibility score, 0–100, one decimal: 100 × (0.5 × mention rate + 0.3 × prominence + 0.2 × citation rate).',
    ),
  citation_score: z
    .number()
    .describe("Citation score, 0–100, one decimal: the share of answers citing the project's domain."),
  mention_rate: z.number().describe('Share of answers that mention the brand, 0–100, one decimal.'),
  average_position: z
    .number()
    .nullable()
    .describe(
      'Mean sentence number of the first mention among answers that mention the brand, one decimal; null when none does.',
    ),
  counts: z.object({
    responses: z.number().int().describe('Answers in the period.'),
    mentioned: z.number().int().describe('Answers that mention the brand.'),
    cited: z.number().int().describe("Answers that cite the project's domain."),
    mentions: z.number().int().describe('Mentions in all answers.'),
  }),
};

export const AiVisibilityPlatformBreakdown = named(
  'AiVisibilityPlatformBreakdown',
  'Visibility figures of one AI platform, computed like the overall score from its answers only.',
  z.object({ platform: AiPlatform, ...metrics }),
);
export type AiVisibilityPlatformBreakdown = z.infer<typeof AiVisibilityPlatformBreakdown>;

export const AiVisibilityCitedDomain = named(
  'AiVisibilityCitedDomain',
  'A domain cited by the answers of the period, with the share of answers that cite it.',
  z.object({
    domain: z.string().describe('Host name without a leading `www.`.'),
    responses: z.number().int().describe('Answers citing the domain at least once.'),
    share: z.number().describe('responses as a share of all answers of the period, 0–100, one decimal.'),
    is_project_domain: z.boolean().describe("True for the project's own domain and its subdomains."),
  }),
);
export type AiVisibilityCitedDomain = z.infer<typeof AiVisibilityCitedDomain>;

export const AiVisibilityScore = named(
  'AiVisibilityScore',
  'Visibility score of a project over a period (by default the last 30 days, today included), with the citation score, a breakdown per platform and the most cited domains. A period without answers scores 0 with counts 0 and average_position null.',
  z.object({
    project_id: z.string(),
    period: z.object({
      from: DateOnly.describe('First day counted.'),
      to: DateOnly.describe('Last day counted.'),
      days: z.number().int(),
    }),
    ...metrics,
    platforms: z
      .array(AiVisibilityPlatformBreakdown)
      .describe('One entry per platform, in the order of AI_PLATFORMS, also without answers.'),
    cited_domains: z
      .array(AiVisibilityCitedDomain)
      .describe('The 10 domains cited by the most answers, most cited first.'),
  }),
);
export type AiVisibilityScore = z.infer<typeof AiVisibilityScore>;

/** Query of GET /projects/:projectId/ai-visibility. */
export const AiVisibilityScoreParams = z.object({
  from: dateParam
    .optional()
    .describe(`First day counted, YYYY-MM-DD; default ${AI_VISIBILITY_DEFAULT_DAYS - 1} days before \`to\`.`),
  to: dateParam.optional().describe('Last day counted, YYYY-MM-DD; default today (UTC).'),
});
export type AiVisibilityScoreParams = z.input<typeof AiVisibilityScoreParams>;

/** Filters of GET /projects/:projectId/ai-visibility/prompts, on top of `limit` and `offset`. */
export const AiVisibilityPromptListParams = z.object({
  topic_id: idParam('topic').optional().describe('Only prompts of this topic.'),
});

/** Filters of GET /projects/:projectId/ai-visibility/responses, on top of `limit` and `offset`. */
export const AiVisibilityResponseListParams = z.object({
  prompt_id: idParam('prompt').optional().describe('Only answers to this prompt.'),
  topic_id: idParam('topic').optional().describe('Only answers to prompts of this topic.'),
  platform: platformParam.optional().describe('Only answers of this platform.'),
  from: dateParam.optional().describe('Only answers for this day or later, YYYY-MM-DD.'),
  to: dateParam.optional().describe('Only answers for this day or earlier, YYYY-MM-DD.'),
});
