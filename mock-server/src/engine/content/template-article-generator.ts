import type { Random } from '../kernel/random';
import { type Block, fixedWords, type Prose, renderBlock } from './article-blocks';
import { countWords, slugify } from './article-html';
import { ArticleOutline } from './article-outline';
import {
  CONNECTORS,
  KEYWORD_FIRST_TITLES,
  KEYWORD_VARIANTS,
  META_DESCRIPTIONS,
  OPENERS,
  SENTENCES,
  type SentenceRole,
  TITLES,
} from './article-phrases';
import { ArticlePlaceholders, type ArticleType } from './article-placeholders';
import { capitalize, clip, escapeHtml, lowerFirst, titleCase } from './article-text';
import type { ArticleRequest, ContentGenerator, GeneratedArticle } from './generator';
import { PhraseDecks } from './phrase-decks';

const LENGTH_RANGE = { min: 300, max: 5000 } as const;
const EXCERPT_MAX = 300;
const META_TITLE_MAX = 60;
const META_DESCRIPTION_MAX = 160;
/** Below this many words left in a prose slot, the writer picks the best-fitting sentence. */
const FIT_WINDOW = 30;
const FIT_CANDIDATES = 6;
const QUESTION_START = /^(how|what|why|when|where|which|who|can|is|are|does|do|should)\b/i;
/** Sentences that still read well behind a connector such as "In practice, ". */
const CONNECTABLE =
  /^(?:the|a|good|results|reliable|small|feedback|clear|comparing|balancing|there|it|this|neither|setup|details|for the price)\b/i;

/**
 * Writes readable, article-shaped text about a keyword from phrase templates, without a
 * language model. Every choice comes from the `Random` it is given, so the same request and
 * seed give byte-identical articles. The body is within ±10% of the requested word count
 * (lengths outside 300..5000 are clamped to that range).
 *
 * Articles are always in English, whatever `language` the project has.
 *
 * @example
 * const generator = new TemplateArticleGenerator();
 * const article = await generator.generate(
 *   { keyword: 'sourdough baking', type: 'how_to', length: 800, language: 'en',
 *     project: { name: 'Crumb', domain: 'crumb.example' } },
 *   new Random('seed'),
 * );
 * article.title; // e.g. 'Sourdough Baking in 6 Simple Steps'
 */
export class TemplateArticleGenerator implements ContentGenerator {
  async generate(request: ArticleRequest, random: Random): Promise<GeneratedArticle> {
    return new ArticleWriter(request, random).write();
  }
}

/** Writes one article: its outline, the prose of its slots, then its metadata. */
class ArticleWriter {
  private readonly keyword: string;
  private readonly type: ArticleType;
  private readonly target: number;
  private readonly brand: string;
  private readonly domain: string;
  private readonly decks: PhraseDecks;
  private readonly placeholders: ArticlePlaceholders;
  private readonly outline: ArticleOutline;
  private introSentences: string[] = [];

  constructor(
    request: ArticleRequest,
    private readonly random: Random,
  ) {
    this.keyword = request.keyword.trim().replace(/\s+/g, ' ') || 'this topic';
    this.type = request.type in TITLES ? (request.type as ArticleType) : 'blog_post';
    this.target = Math.min(LENGTH_RANGE.max, Math.max(LENGTH_RANGE.min, Math.round(request.length) || 0));
    this.brand = request.project.name.trim() || 'our team';
    this.domain = request.project.domain.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
    this.decks = new PhraseDecks(random);
    this.placeholders = new ArticlePlaceholders(this.keyword, this.type, this.brand, random, this.decks);
    this.outline = new ArticleOutline(this.type, this.target, random, this.placeholders);
  }

  write(): GeneratedArticle {
    this.placeholders.inBody = true;
    let sections = this.outline.sectionCount();
    let blocks = this.outline.build(sections);
    // A very long keyword can make the fixed parts alone outgrow a short article: drop sections.
    while (sections > 1 && fixedWords(blocks) > this.target * 0.6) {
      sections--;
      blocks = this.outline.build(sections);
    }
    this.fillProse(blocks);
    this.placeholders.inBody = false;
    const html = blocks.map(renderBlock).join('\n');
    const title = this.title();
    return {
      title,
      html,
      excerpt: this.excerpt(),
      meta_title: this.metaTitle(title),
      meta_description: clip(
        this.placeholders.fill(META_DESCRIPTIONS[this.placeholders.versus ? 'versus' : this.type]),
        META_DESCRIPTION_MAX,
      ),
      keywords: this.keywords(),
      featured_image: `https://${this.domain}/images/${slugify(title)}.jpg`,
      author: `${this.brand} Editorial Team`,
    };
  }

  // Prose --------------------------------------------------------------------------------

  /**
   * Shares the words left after headings, lists and tables among the prose slots by weight.
   * Each slot aims at a cumulative goal, so rounding never accumulates, and near a goal the
   * writer picks the sentence whose length fits best.
   */
  private fillProse(blocks: Block[]): void {
    const slots = blocks.filter((block): block is Prose => block.kind === 'prose');
    const budget = Math.max(0, this.target - fixedWords(blocks));
    const totalWeight = slots.reduce((sum, slot) => sum + slot.weight, 0);
    let cumulativeWeight = 0;
    let written = 0;
    slots.forEach((slot, index) => {
      cumulativeWeight += slot.weight;
      const goal = Math.round((budget * cumulativeWeight) / totalWeight);
      const sentences: string[] = [];
      while (true) {
        const remaining = goal - written;
        if (sentences.length > 0 && remaining <= 0) break;
        const opening = sentences.length === 0;
        const pool = index === 0 && opening ? 'opener' : this.poolFor(slot.role, opening);
        const fitting = !opening && remaining < FIT_WINDOW;
        let best = { offset: 0, text: '', words: 0 };
        for (let offset = 0; offset < (fitting ? FIT_CANDIDATES : 1); offset++) {
          const text = this.sentence(this.decks.peek(pool, this.templates(pool), offset), opening);
          const words = countWords(text);
          if (offset === 0 || Math.abs(remaining - words) < Math.abs(remaining - best.words)) {
            best = { offset, text, words };
          }
        }
        if (fitting && Math.abs(remaining - best.words) >= remaining) break;
        this.decks.take(pool, this.templates(pool), best.offset);
        sentences.push(best.text);
        written += best.words;
      }
      if (index === 0) this.introSentences = sentences;
      slot.html = this.paragraphs(sentences, index === 0);
    });
  }

  private paragraphs(sentences: readonly string[], emphasizeKeyword: boolean): string {
    const paragraphs: string[] = [];
    for (let start = 0; start < sentences.length; ) {
      const size = this.random.int(2, 4);
      const end = sentences.length - (start + size) === 1 ? sentences.length : start + size;
      paragraphs.push(escapeHtml(sentences.slice(start, end).join(' ')));
      start = end;
    }
    if (emphasizeKeyword && paragraphs[0]) {
      const keyword = escapeHtml(this.keyword);
      const at = paragraphs[0].toLowerCase().indexOf(keyword.toLowerCase());
      if (at >= 0) {
        const first = paragraphs[0];
        paragraphs[0] = `${first.slice(0, at)}<strong>${first.slice(at, at + keyword.length)}</strong>${first.slice(at + keyword.length)}`;
      }
    }
    return paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
  }

  /** Sentences of a role come mostly from its own pool, sometimes from the general one. */
  private poolFor(role: SentenceRole, opening: boolean): SentenceRole {
    if (opening || role === 'news' || role === 'general') return role;
    return this.random.chance(0.65) ? role : 'general';
  }

  /** A filled sentence from a template, now and then led by a connector for variety. */
  private sentence(template: string, opening: boolean): string {
    const sentence = this.placeholders.fill(template);
    if (opening || !CONNECTABLE.test(sentence) || !this.random.chance(0.2)) return capitalize(sentence);
    return this.random.pick(CONNECTORS) + lowerFirst(sentence);
  }

  private templates(pool: SentenceRole | 'opener'): readonly string[] {
    return pool === 'opener' ? OPENERS[this.type] : SENTENCES[pool];
  }

  // Metadata -----------------------------------------------------------------------------

  private title(): string {
    const keywordFirst = this.placeholders.versus || QUESTION_START.test(this.keyword);
    const templates = keywordFirst ? KEYWORD_FIRST_TITLES : TITLES[this.type];
    return this.placeholders.fill(this.random.pick(templates));
  }

  private metaTitle(title: string): string {
    if (title.length <= META_TITLE_MAX) return title;
    const keyword = titleCase(this.keyword);
    const withBrand = `${keyword} | ${this.brand}`;
    if (withBrand.length <= META_TITLE_MAX) return withBrand;
    if (keyword.length <= META_TITLE_MAX) return keyword;
    return clip(title, META_TITLE_MAX);
  }

  /** The first one or two sentences of the intro. */
  private excerpt(): string {
    const [first = '', second = ''] = this.introSentences;
    const two = `${first} ${second}`.trim();
    return clip(two.length <= EXCERPT_MAX ? two : first, EXCERPT_MAX);
  }

  private keywords(): string[] {
    const keyword = this.keyword.toLowerCase();
    const own = new Set(keyword.split(' '));
    const variants = [...KEYWORD_VARIANTS[this.type], ...KEYWORD_VARIANTS.common]
      .filter(
        (variant) =>
          !variant
            .replace('{kw}', '')
            .split(' ')
            .some((word) => own.has(word)),
      )
      .map((variant) => variant.replace('{kw}', keyword));
    const unique = [...new Set(variants)].filter((variant) => variant !== keyword);
    const chosen = this.random.shuffle(unique).slice(0, this.random.int(3, 6));
    return [keyword, ...chosen];
  }
}
