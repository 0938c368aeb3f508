/** One question to put to one AI platform for one UTC day. */
export interface AnswerRequest {
  /** Prompt id, `prm_…`; with `platform` and `date` it names the answer. */
  promptId: string;
  /** The question, as the customer wrote it. */
  prompt: string;
  /** Name of the prompt's topic, such as `home brewing`. */
  topic: string;
  /** One of the contract's AI_PLATFORMS, such as `perplexity`. */
  platform: string;
  /** UTC day the prompt is asked for, `YYYY-MM-DD`. */
  date: string;
  /** The project whose visibility is tracked. */
  project: { name: string; domain: string; brand_names: readonly string[]; language: string };
}

/** What a platform answered. */
export interface GeneratedAnswer {
  /** The answer as plain text; it may hold Markdown and URLs. */
  text: string;
}

/**
 * Asks AI platforms. The default, `SimulatedAnswerProvider`, writes plausible, seeded answers; a
 * real one would call each platform's API. The engine calls it outside store transactions, then
 * runs its own mention detection and citation extraction on the text, whatever the provider.
 *
 * @example
 * ```ts
 * const canned: AnswerProvider = {
 *   async answer(request) {
 *     return { text: `For ${request.topic}, many people like ${request.project.name}.` };
 *   },
 * };
 * const engine = await Engine.open({ store, seed: 1, clock, answerProvider: canned });
 * ```
 */
export interface AnswerProvider {
  /** What `request.platform` answers to `request.prompt` on `request.date`. */
  answer(request: AnswerRequest): Promise<GeneratedAnswer>;
}
