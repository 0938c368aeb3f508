import { slugify } from '../content/article-html';
import { BoundedCache } from '../kernel/bounded-cache';
import type { Random } from '../kernel/random';
import { DAY_MS, startOfUtcDate } from '../kernel/utc-day';
import {
  BRAND_SENTENCES,
  COMPETITORS,
  CONTEXT,
  GENERAL_SOURCES,
  PLATFORM_STYLES,
  type PlatformStyle,
  PROJECT_PATHS,
  REASONS,
} from './answer-phrases';
import type { AnswerProvider, AnswerRequest, GeneratedAnswer } from './answer-provider';
import { findBrandMentions } from './mention-detection';
import { foldString } from './text-folding';

const ACCENTED: Readonly<Record<string, string>> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü' };
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Deterministic, seeded AI answers in plausible prose. Each answer is drawn from a stream forked
 * for its prompt, platform and day, so it is the same whatever was asked before and in any order.
 *
 * - Each platform has a style (`answer-phrases.ts`): ChatGPT answers with a numbered list,
 *   Perplexity with bullets, numbered references and several sources, Claude in prose and rarely
 *   cites, Google AI Overviews briefly with sources, Gemini in between.
 * - Whether the brand is named: the platform's rate, moved by up to ±25 points by the prompt's
 *   own leaning on that platform (fixed per prompt and platform) and ±8 points by a slow drift
 *   over the days, so figures move plausibly from day to day.
 * - The brand, when named, is written as configured, or in lower case, upper case or with an
 *   accent on a vowel (`Nörthwind Coffee`), the way answers get names wrong.
 * - Competitors are fictional names; sources mix the project's own pages (sometimes on `www.` or
 *   `blog.`), competitors' sites and general references.
 *
 * @example
 * ```ts
 * const provider = new SimulatedAnswerProvider(new Random('42').fork('ai-answers'));
 * const { text } = await provider.answer({
 *   promptId: 'prm_1', prompt: 'best coffee beans for espresso', topic: 'espresso', platform: 'perplexity',
 *   date: '2026-01-01', project: { name: 'Northwind Coffee', domain: 'northwind-coffee.example', brand_names: ['Northwind Coffee'], language: 'en' },
 * });
 * ```
 */
export class SimulatedAnswerProvider implements AnswerProvider {
  private readonly competitors = new BoundedCache<string, readonly string[]>(1000);
  private readonly slugs = new BoundedCache<string, string>(1000);
  // An answer is a pure function of its request: the demo history, written again on every reset, is remembered.
  private readonly answers = new BoundedCache<string, string>(4096);

  constructor(private readonly random: Random) {}

  async answer(request: AnswerRequest): Promise<GeneratedAnswer> {
    const key = JSON.stringify([
      request.promptId,
      request.platform,
      request.date,
      request.prompt,
      request.topic,
      request.project.brand_names,
      request.project.name,
      request.project.domain,
    ]);
    return { text: this.answers.get(key, () => this.write(request)) };
  }

  /**
   * The same as `answer`, without the promise or the memory of earlier answers.
   * @example const text = new SimulatedAnswerProvider(new Random('42')).write(request);
   */
  write(request: AnswerRequest): string {
    const style = PLATFORM_STYLES[request.platform] ?? (PLATFORM_STYLES.chatgpt as PlatformStyle);
    const random = this.random.fork(`answer:${request.promptId}:${request.platform}:${request.date}`);
    const mentionsBrand = random.chance(this.mentionChance(request, style));
    const citesProject = random.chance(mentionsBrand ? style.citationRate : style.citationRate / 5);
    const brand = random.chance(0.8)
      ? (request.project.brand_names[0] ?? request.project.name)
      : random.pick(
          request.project.brand_names.length > 0 ? request.project.brand_names : [request.project.name],
        );
    const fill = (phrase: string, name = '') =>
      phrase
        .replaceAll('{topic}', request.topic.toLowerCase())
        .replaceAll('{question}', request.prompt)
        .replaceAll('{name}', name);

    const competitors = random
      .shuffle(this.competitorsOf(request.project.brand_names))
      .slice(0, random.int(2, 4));
    const picks: string[] = [...competitors];
    // Named in the list of picks (at any place) or in a sentence of its own after it.
    const inList = mentionsBrand && random.chance(0.65);
    if (inList) picks.splice(random.int(0, picks.length), 0, variantOf(brand, random));

    const sources = this.sources(request, random, style, competitors, citesProject);
    const reference = (index: number) =>
      style.inlineReferences && sources.length > 0 ? ` [${(index % sources.length) + 1}]` : '';
    const lines: string[] = [fill(random.pick(style.openers)) + reference(0)];
    if (random.chance(0.6)) lines.push(random.pick(CONTEXT));
    lines.push('');
    const reasons = random.shuffle(REASONS);
    if (style.form === 'prose') {
      lines.push(`Names people often mention include ${listInWords(picks)}.`);
      for (const [index, pick] of picks.slice(0, 2).entries()) {
        lines.push(`${pick} is ${reasons[index]}.`);
      }
    } else {
      for (const [index, pick] of picks.entries()) {
        const marker = style.form === 'numbered' ? `${index + 1}.` : '-';
        lines.push(`${marker} **${pick}**: ${reasons[index]}.${reference(index + 1)}`);
      }
    }
    lines.push('');
    if (mentionsBrand && !inList) lines.push(fill(random.pick(BRAND_SENTENCES), variantOf(brand, random)));
    if (random.chance(0.5)) lines.push(random.pick(CONTEXT.filter((sentence) => !lines.includes(sentence))));
    lines.push(random.pick(style.closings));
    if (sources.length > 0) {
      lines.push('');
      if (style.inlineReferences) {
        lines.push('Sources:', ...sources.map((url, index) => `${index + 1}. ${url}`));
      } else {
        lines.push(`Sources: ${sources.join(', ')}`);
      }
    }
    return lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }

  /** The fictional competitors that none of the brand names would match, computed once per set of names. */
  private competitorsOf(brandNames: readonly string[]): readonly string[] {
    return this.competitors.get(brandNames.join('\u0000'), () => {
      // Most names share no word with the brand: rule those out cheaply before the real detection.
      const brandWords = brandNames
        .flatMap((brand) => foldString(brand).split(/[^\p{L}\p{N}]+/u))
        .filter(Boolean);
      return COMPETITORS.filter((name) => {
        const folded = foldString(name);
        if (!brandWords.some((word) => folded.includes(word))) return true;
        return findBrandMentions(name, brandNames).length === 0;
      });
    });
  }

  /** `slugify`, remembered: the same prompts, topics and names come back every day. */
  private slugOf(text: string): string {
    return this.slugs.get(text, slugify);
  }

  /** Chance that the answer names the brand: the platform's rate, the prompt's leaning, a slow drift. */
  private mentionChance(request: AnswerRequest, style: PlatformStyle): number {
    const leaning = this.random.fork(`leaning:${request.promptId}:${request.platform}`).next();
    const day = Math.floor(startOfUtcDate(request.date) / DAY_MS);
    const drift = 0.08 * Math.sin(day / 6 + leaning * 6);
    return Math.min(0.95, Math.max(0.05, style.mentionRate + (leaning - 0.5) * 0.5 + drift));
  }

  private sources(
    request: AnswerRequest,
    random: Random,
    style: PlatformStyle,
    competitors: readonly string[],
    citesProject: boolean,
  ): string[] {
    const slug = this.slugOf(request.prompt) || this.slugOf(request.topic) || 'guide';
    const count = random.int(style.sources[0], style.sources[1]);
    const fill = (template: string) =>
      template
        .replace('{Title}', titleOf(this.slugOf(request.topic)))
        .replace('{word}', this.slugOf(request.topic).split('-')[0] || 'advice')
        .replaceAll('{code}', random.string(random.int(6, 11), LOWER))
        .replace('{slug}', slug);
    const others = [
      ...random.shuffle(GENERAL_SOURCES).map(fill),
      ...competitors.map(
        (name) =>
          `https://www.${this.slugOf(name).replaceAll('-', '')}.example/${random.pick(['', 'guides/', 'blog/'])}${slug}`,
      ),
    ];
    const urls = random.shuffle(others).slice(0, Math.max(0, citesProject ? count - 1 : count));
    if (citesProject) {
      const host = `${random.pick(['', '', 'www.', 'blog.'])}${request.project.domain}`;
      const path = random.pick(PROJECT_PATHS).replace('{slug}', slug);
      const scheme = random.chance(0.9) ? 'https' : 'http';
      urls.splice(random.int(0, urls.length), 0, `${scheme}://${host}${path}`);
    }
    return urls;
  }
}

/** The brand as an answer may write it: as configured, lower case, upper case or with an accent. */
function variantOf(brand: string, random: Random): string {
  const roll = random.next();
  if (roll < 0.55) return brand;
  if (roll < 0.7) return brand.toLowerCase();
  if (roll < 0.8) return brand.toUpperCase();
  const vowel = [...brand].findIndex((character) => ACCENTED[character.toLowerCase()] !== undefined);
  if (vowel === -1) return brand;
  const characters = [...brand];
  const plain = characters[vowel] ?? '';
  const accented = ACCENTED[plain.toLowerCase()] ?? plain;
  characters[vowel] = plain === plain.toUpperCase() ? accented.toUpperCase() : accented;
  return characters.join('');
}

function listInWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function titleOf(topicSlug: string): string {
  const words = topicSlug.split('-').filter(Boolean);
  const title = words.join('_');
  return title.charAt(0).toUpperCase() + title.slice(1) || 'Guide';
}
