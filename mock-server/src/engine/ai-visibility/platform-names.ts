/** How people write the names of the AI platforms, by the API's platform value. */
export const AI_PLATFORM_NAMES: Readonly<Record<string, string>> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  gemini: 'Gemini',
  claude: 'Claude',
  google_ai_overviews: 'Google AI Overviews',
};

/**
 * The display name of a platform; a platform this version does not know keeps its API value.
 *
 * @example
 * ```ts
 * platformName('google_ai_overviews'); // 'Google AI Overviews'
 * ```
 */
export function platformName(platform: string): string {
  return AI_PLATFORM_NAMES[platform] ?? platform;
}
