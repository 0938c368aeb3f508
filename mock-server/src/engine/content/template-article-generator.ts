import type { Random } from '../kernel/random';
import { countWords, slugify } from './article-html';
import {
  COMPARISON_CRITERIA,
  COMPARISON_SIDES,
  CONNECTORS,
  FAQ_QUESTIONS,
  HEADINGS,
  ITEMS,
  KEYWORD_FIRST_TITLES,
  KEYWORD_VARIANTS,
  LIST_ITEMS,
  META_DESCRIPTIONS,
  OPENERS,
  PRACTICES,
  RELATED_TOPICS,
  SENTENCES,
  type SentenceRole,
  STEPS,
  TITLES,
  VOCABULARY,
  type VocabularyName,
} from './article-phrases';
import type { ArticleRequest, ContentGenerator, GeneratedArticle } from './generator';

type ArticleType = keyof typeof TITLES;

const LENGTH_RANGE = { min: 300, max: 5000 } as const;
const EXCERPT_MAX = 300;
const META_TITLE_MAX = 60;
const META_DESCRIPTION_MAX = 160;
/** Below this many words left in a prose slot, the writer picks the best-fitting sentence. */
const FIT_WINDOW = 30;
const FIT_CANDIDATES = 6;
/** Keywords longer than this many words are shortened to "this topic" in running text... */
const LONG_KEYWORD_WORDS = 6;
/** ...after this many mentions. */
const LONG_KEYWORD_MENTIONS = 2;
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);
const QUESTION_START = /^(how|what|why|when|where|which|who|can|is|are|does|do|should)\b/i;
const VERSUS = /\s+(?:vs\.?|versus)\s+/i;
/** Sentences that still read well behind a connector such as "In practice, ". */
const CONNECTABLE =
  /^(?:the|a|good|results|reliable|small|feedback|clear|comparing|balancing|there|it|this|neither|setup|details|for the price)\b/i;

interface Deck {
  order: string[];
  next: number;
}

/** A prose slot: sentences are written into it once the fixed parts are counted. */
interface Prose {
  kind: 'prose';
  role: SentenceRole;
  weight: number;
  html: string;
}
type Block =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'rating'; label: string; text: string }
  | Prose;

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

class ArticleWriter {
  private readonly keyword: string;
  private readonly type: ArticleType;
  private readonly target: number;
  private readonly brand: string;
  private readonly domain: string;
  private sideA = '';
  private sideB = '';
  private titleSideA = '';
  private titleSideB = '';
  /** The keyword names both sides itself (`notion vs obsidian`). */
  private versus = false;
  private count = 0;
  private lastAspect = '';
  private introSentences: string[] = [];
  private readonly longKeyword: boolean;
  /** True while writing the body, where a long keyword gets shortened after a few mentions. */
  private inBody = false;
  private mentions = 0;
  private readonly related: string;
  private readonly decks = new Map<string, Deck>();

  constructor(
    request: ArticleRequest,
    private readonly random: Random,
  ) {
    this.keyword = request.keyword.trim().replace(/\s+/g, ' ') || 'this topic';
    this.type = request.type in TITLES ? (request.type as ArticleType) : 'blog_post';
    this.target = Math.min(LENGTH_RANGE.max, Math.max(LENGTH_RANGE.min, Math.round(request.length) || 0));
    this.brand = request.project.name.trim() || 'our team';
    this.domain = request.project.domain.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
    this.longKeyword = countWords(this.keyword) > LONG_KEYWORD_WORDS;
    this.related = this.longKeyword
      ? 'the topics around it'
      : this.random.pick(RELATED_TOPICS).replace('{kw}', this.keyword);
    this.chooseSides();
  }

  write(): GeneratedArticle {
    this.inBody = true;
    let sections = this.sectionCount();
    let blocks = this.outline(sections);
    // A very long keyword can make the fixed parts alone outgrow a short article: drop sections.
    while (sections > 1 && this.fixedWords(blocks) > this.target * 0.6) {
      sections--;
      blocks = this.outline(sections);
    }
    this.fillProse(blocks);
    this.inBody = false;
    const html = blocks.map(renderBlock).join('\n');
    const title = this.title();
    return {
      title,
      html,
      excerpt: this.excerpt(),
      meta_title: this.metaTitle(title),
      meta_description: clip(
        this.fill(META_DESCRIPTIONS[this.versus ? 'versus' : this.type]),
        META_DESCRIPTION_MAX,
      ),
      keywords: this.keywords(),
      featured_image: `https://${this.domain}/images/${slugify(title)}.jpg`,
      author: `${this.brand} Editorial Team`,
    };
  }

  // Outline ------------------------------------------------------------------------------

  private sectionCount(): number {
    switch (this.type) {
      case 'how_to':
        return clamp(Math.round(this.target / 130), 3, STEPS.length);
      case 'listicle':
        return clamp(Math.round(this.target / 110), 5, 25);
      default:
        return clamp(Math.round(this.target / 240), 3, 12);
    }
  }

  private outline(sections: number): Block[] {
    this.count = sections;
    const blocks: Block[] = [prose('intro', 1.2)];
    switch (this.type) {
      case 'how_to':
        this.howTo(blocks, sections);
        break;
      case 'listicle':
        this.listicle(blocks, sections);
        break;
      case 'comparison':
        this.comparison(blocks, sections);
        break;
      case 'product_review':
        this.productReview(blocks, sections);
        break;
      case 'news':
        this.news(blocks, sections);
        break;
      default:
        this.blogPost(blocks, sections);
    }
    return blocks;
  }

  private blogPost(blocks: Block[], sections: number): void {
    const long = this.target >= 1200;
    const optional: Array<() => void> = [
      () => this.section(blocks, 'mistakes', 'general', this.list('mistakes', 3, 5)),
      () => this.section(blocks, 'gettingStarted', 'general'),
      () => this.section(blocks, 'measure', 'general'),
      () => this.faq(blocks),
      () => this.section(blocks, 'tools', 'general'),
      () => this.section(blocks, 'advanced', 'general'),
      () => this.section(blocks, 'planning', 'general'),
    ];
    this.section(blocks, 'whatIs', 'general');
    this.section(blocks, 'why', 'general', this.list('benefits', 3, 5));
    if (long) this.subsections(blocks, 'bestPractices', PRACTICES, 'general');
    else this.section(blocks, 'bestPractices', 'general');
    for (const add of optional.slice(0, Math.max(0, sections - 3))) add();
    if (this.target >= 700) this.section(blocks, 'takeaways', null, this.list('takeaways', 3, 5));
    this.section(blocks, 'conclusion', 'conclusion');
  }

  private howTo(blocks: Block[], steps: number): void {
    const chosen = this.orderedSubset(STEPS, steps);
    this.section(blocks, 'needs', 'general', this.list('needs', 3, 5));
    blocks.push(
      { kind: 'heading', level: 2, text: 'Steps at a Glance' },
      { kind: 'list', ordered: true, items: chosen },
    );
    chosen.forEach((step, index) => {
      blocks.push({ kind: 'heading', level: 2, text: `Step ${index + 1}: ${step}` }, prose('step', 1));
    });
    if (this.target >= 1500) {
      this.section(blocks, 'troubleshooting', 'general', this.list('mistakes', 3, 4));
    }
    if (this.target >= 2500) this.faq(blocks);
    this.section(blocks, 'conclusion', 'conclusion');
  }

  private listicle(blocks: Block[], items: number): void {
    this.random
      .shuffle(ITEMS.map((_, index) => index))
      .slice(0, Math.min(items, ITEMS.length))
      .sort((a, b) => a - b)
      .forEach((item, index) => {
        blocks.push({ kind: 'heading', level: 2, text: `${index + 1}. ${ITEMS[item]}` }, prose('item', 1));
      });
    this.count = Math.min(items, ITEMS.length);
    this.section(blocks, 'takeaways', null, this.list('takeaways', 3, 4));
    this.section(blocks, 'conclusion', 'conclusion', undefined, 0.8);
  }

  private comparison(blocks: Block[], sections: number): void {
    const criteria = this.random
      .shuffle(COMPARISON_CRITERIA)
      .slice(0, clamp(Math.round(this.target / 300) + 2, 3, COMPARISON_CRITERIA.length));
    const rows = criteria.map(([name, values]) => {
      const [a, b] = this.random.shuffle(values);
      return [name, a ?? '', b ?? ''];
    });
    blocks.push(
      { kind: 'heading', level: 2, text: this.pickHeading('atAGlance') },
      { kind: 'table', head: ['Criterion', this.titleSideA, this.titleSideB], rows },
      prose('compare', 0.6),
    );
    for (const side of [this.titleSideA, this.titleSideB]) {
      blocks.push({ kind: 'heading', level: 2, text: side }, prose('compare', 1));
      if (this.target >= 900) {
        blocks.push(
          { kind: 'heading', level: 3, text: 'Pros' },
          this.list('pros', 2, 3),
          { kind: 'heading', level: 3, text: 'Cons' },
          this.list('cons', 2, 3),
        );
      } else {
        blocks.push(this.list(side === this.titleSideA ? 'pros' : 'cons', 2, 3));
      }
    }
    const optional: Array<() => void> = [
      () => this.section(blocks, 'whatIs', 'general'),
      () => this.faq(blocks),
      () => this.section(blocks, 'mistakes', 'general', this.list('mistakes', 3, 4)),
      () => this.section(blocks, 'measure', 'general'),
    ];
    for (const add of optional.slice(0, Math.max(0, sections - 4))) add();
    this.section(blocks, 'howToChoose', 'compare');
    this.section(blocks, 'conclusion', 'conclusion');
  }

  private productReview(blocks: Block[], sections: number): void {
    this.section(blocks, 'overview', 'review');
    if (this.target >= 1200) {
      this.subsections(blocks, 'features', ['Design', 'Everyday Use', 'Value for Money'], 'review');
    } else {
      this.section(blocks, 'features', 'review');
    }
    const optional: Array<() => void> = [
      () => this.section(blocks, 'performance', 'review'),
      () => this.section(blocks, 'whoFor', 'general'),
      () => this.section(blocks, 'alternatives', 'review'),
      () => this.faq(blocks),
    ];
    for (const add of optional.slice(0, Math.max(0, sections - 3))) add();
    blocks.push(
      { kind: 'heading', level: 2, text: this.pickHeading('prosCons') },
      { kind: 'heading', level: 3, text: 'Pros' },
      this.list('pros', 3, 5),
      { kind: 'heading', level: 3, text: 'Cons' },
      this.list('cons', 2, 4),
      { kind: 'heading', level: 2, text: this.pickHeading('verdict') },
      { kind: 'rating', label: 'Our rating:', text: `${(this.random.int(35, 48) / 10).toFixed(1)} out of 5` },
      prose('review', 0.5),
      prose('conclusion', 0.6),
    );
  }

  private news(blocks: Block[], sections: number): void {
    const intro = blocks[0] as Prose;
    intro.role = 'news';
    blocks.push(this.list('news', 3, 4));
    this.section(blocks, 'whatHappened', 'news');
    this.section(blocks, 'whoAffected', 'news');
    this.section(blocks, 'whyMatters', 'news');
    const optional: Array<() => void> = [
      () => this.section(blocks, 'background', 'news'),
      () => this.section(blocks, 'reactions', 'news'),
    ];
    for (const add of optional.slice(0, Math.max(0, sections - 4))) add();
    this.section(blocks, 'whatNext', 'news');
  }

  /** An h2 section: heading, an optional list, then prose (or only the list when role is null). */
  private section(
    blocks: Block[],
    heading: keyof typeof HEADINGS,
    role: SentenceRole | null,
    list?: Block,
    weight = 1,
  ): void {
    blocks.push({ kind: 'heading', level: 2, text: this.pickHeading(heading) });
    if (role && list) blocks.push(prose(role, weight * 0.6), list);
    else if (role) blocks.push(prose(role, weight));
    else if (list) blocks.push(list);
  }

  /** An h2 with a short lead-in and two to four h3 subsections, each with its own prose. */
  private subsections(
    blocks: Block[],
    heading: keyof typeof HEADINGS,
    names: readonly string[],
    role: SentenceRole,
  ): void {
    blocks.push({ kind: 'heading', level: 2, text: this.pickHeading(heading) }, prose(role, 0.4));
    for (const name of this.orderedSubset(names, this.random.int(2, Math.min(4, names.length)))) {
      blocks.push({ kind: 'heading', level: 3, text: name }, prose(role, 0.6));
    }
  }

  private faq(blocks: Block[]): void {
    blocks.push({ kind: 'heading', level: 2, text: this.pickHeading('faq') });
    for (const question of this.orderedSubset(FAQ_QUESTIONS, this.random.int(2, 3))) {
      blocks.push({ kind: 'heading', level: 3, text: this.fill(question) }, prose('general', 0.5));
    }
  }

  /** A bulleted list of `min` to `max` entries of a phrase table. */
  private list(name: keyof typeof LIST_ITEMS | 'mistakes', min: number, max: number): Block {
    const source = name === 'mistakes' ? VOCABULARY.mistake : LIST_ITEMS[name];
    const items = this.random
      .shuffle(source)
      .slice(0, this.random.int(min, Math.min(max, source.length)))
      .map((item) => capitalize(this.fill(item)));
    return { kind: 'list', ordered: false, items };
  }

  private pickHeading(name: keyof typeof HEADINGS): string {
    return this.fill(this.random.pick(HEADINGS[name]));
  }

  /** `count` entries of `items` in their original order, keeping the first and the last. */
  private orderedSubset(items: readonly string[], count: number): string[] {
    if (count >= items.length) return [...items];
    if (count <= 2) return items.slice(0, count);
    const middle = this.random
      .shuffle(items.slice(1, -1).map((_, index) => index + 1))
      .slice(0, count - 2)
      .sort((a, b) => a - b)
      .map((index) => items[index] as string);
    return [items[0] as string, ...middle, items[items.length - 1] as string];
  }

  private chooseSides(): void {
    const parts = this.keyword.split(VERSUS);
    if (this.type === 'comparison' && parts.length === 2 && parts[0] && parts[1]) {
      this.sideA = parts[0];
      this.sideB = parts[1];
      this.titleSideA = titleCase(parts[0]);
      this.titleSideB = titleCase(parts[1]);
      this.versus = true;
      return;
    }
    const [a, b] = this.random.pick(COMPARISON_SIDES);
    this.sideA = this.longKeyword ? `the ${a} option` : `${a} ${this.keyword}`;
    this.sideB = this.longKeyword ? `the ${b} option` : `${b} ${this.keyword}`;
    this.titleSideA = titleCase(a);
    this.titleSideB = titleCase(b);
  }

  // Prose --------------------------------------------------------------------------------

  private fixedWords(blocks: readonly Block[]): number {
    let words = 0;
    for (const block of blocks) {
      if (block.kind === 'heading') words += countWords(block.text);
      else if (block.kind === 'list') for (const item of block.items) words += countWords(item);
      else if (block.kind === 'table') {
        for (const row of [block.head, ...block.rows]) for (const cell of row) words += countWords(cell);
      } else if (block.kind === 'rating') words += countWords(`${block.label} ${block.text}`);
    }
    return words;
  }

  /**
   * Shares the words left after headings, lists and tables among the prose slots by weight.
   * Each slot aims at a cumulative goal, so rounding never accumulates, and near a goal the
   * writer picks the sentence whose length fits best.
   */
  private fillProse(blocks: Block[]): void {
    const slots = blocks.filter((block): block is Prose => block.kind === 'prose');
    const budget = Math.max(0, this.target - this.fixedWords(blocks));
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
          const text = this.sentence(this.peek(pool, offset), opening);
          const words = countWords(text);
          if (offset === 0 || Math.abs(remaining - words) < Math.abs(remaining - best.words)) {
            best = { offset, text, words };
          }
        }
        if (fitting && Math.abs(remaining - best.words) >= remaining) break;
        this.take(pool, best.offset);
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
    const sentence = this.fill(template);
    if (opening || !CONNECTABLE.test(sentence) || !this.random.chance(0.2)) return capitalize(sentence);
    return this.random.pick(CONNECTORS) + lowerFirst(sentence);
  }

  /**
   * Templates are dealt from a per-article shuffled deck, so one repeats only after all the
   * others were used; `peek` looks ahead without dealing, so trying candidates costs none.
   */
  private peek(pool: SentenceRole | 'opener', offset: number): string {
    const deck = this.deck(pool, this.templates(pool), offset);
    return deck.order[deck.next + offset] as string;
  }

  private take(pool: SentenceRole | 'opener', offset: number): void {
    const deck = this.deck(pool, this.templates(pool), offset);
    const at = deck.next + offset;
    [deck.order[deck.next], deck.order[at]] = [deck.order[at] as string, deck.order[deck.next] as string];
    deck.next++;
  }

  private templates(pool: SentenceRole | 'opener'): readonly string[] {
    return pool === 'opener' ? OPENERS[this.type] : SENTENCES[pool];
  }

  private draw(name: string, items: readonly string[]): string {
    const deck = this.deck(name, items, 0);
    return deck.order[deck.next++] as string;
  }

  private deck(name: string, items: readonly string[], offset: number): Deck {
    let deck = this.decks.get(name);
    if (!deck) {
      deck = { order: [], next: 0 };
      this.decks.set(name, deck);
    }
    while (deck.next + offset >= deck.order.length) {
      deck.order = [...deck.order.slice(deck.next), ...this.random.shuffle(items)];
      deck.next = 0;
    }
    return deck;
  }

  /** Replaces the `{name}` placeholders of a template. */
  private fill(template: string): string {
    const parts = parseTemplate(template);
    let out = parts[0] as string;
    for (let i = 1; i < parts.length; i += 2) out += this.value(parts[i] as string) + parts[i + 1];
    return out;
  }

  /** A long keyword is spelled out a couple of times in the body, then referred to. */
  private shortMention(): boolean {
    return this.inBody && this.longKeyword && this.mentions++ >= LONG_KEYWORD_MENTIONS;
  }

  private value(name: string): string {
    switch (name) {
      case 'kw':
        return this.shortMention() ? 'this topic' : this.keyword;
      case 'KwC':
        return this.shortMention() ? 'This topic' : capitalize(this.keyword);
      case 'KwT':
        return this.inBody && this.longKeyword ? 'This Topic' : titleCase(this.keyword);
      case 'brand':
        return this.brand;
      case 'related':
        return this.related;
      case 'A':
        return this.sideA;
      case 'B':
        return this.sideB;
      case 'SA':
        return this.titleSideA;
      case 'SB':
        return this.titleSideB;
      case 'N':
        return String(this.count);
      case 'aspect':
        this.lastAspect = this.draw('aspect', VOCABULARY.aspect);
        return this.lastAspect;
      case 'aspect2': {
        const other = this.draw('aspect', VOCABULARY.aspect);
        return other === this.lastAspect ? this.draw('aspect', VOCABULARY.aspect) : other;
      }
    }
    if (name.endsWith('C')) return capitalize(this.value(lowerFirst(name.slice(0, -1))));
    const words = VOCABULARY[name as VocabularyName];
    return words ? this.draw(name, words) : name;
  }

  // Metadata -----------------------------------------------------------------------------

  private title(): string {
    const keywordFirst = this.versus || QUESTION_START.test(this.keyword);
    const templates = keywordFirst ? KEYWORD_FIRST_TITLES : TITLES[this.type];
    return this.fill(this.random.pick(templates));
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

const parsedTemplates = new Map<string, string[]>();

/** Text and placeholder names alternately (`['Hi ', 'kw', '!']`), parsed once per template. */
function parseTemplate(template: string): string[] {
  let parts = parsedTemplates.get(template);
  if (!parts) {
    parts = template.split(/\{(\w+)\}/);
    parsedTemplates.set(template, parts);
  }
  return parts;
}

function prose(role: SentenceRole, weight: number): Prose {
  return { kind: 'prose', role, weight, html: '' };
}

function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
    }
    case 'table': {
      const head = block.head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('');
      const rows = block.rows
        .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
        .join('');
      return `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
    }
    case 'rating':
      return `<p><strong>${escapeHtml(block.label)}</strong> ${escapeHtml(block.text)}</p>`;
    case 'prose':
      return block.html;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Upper-cases the first letter unless the first word already has capitals (`iPhone`). */
function capitalize(text: string): string {
  const space = text.indexOf(' ');
  const firstWord = space < 0 ? text : text.slice(0, space);
  if (firstWord !== firstWord.toLowerCase()) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases the first letter of an ordinary word, leaving `SEO` or `DIY` alone. */
function lowerFirst(text: string): string {
  const second = text.charAt(1);
  return second && second === second.toLowerCase() && second !== second.toUpperCase()
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** Title case that keeps words with capitals (`iPhone`, `SEO`) as written. */
function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => (index > 0 && SMALL_WORDS.has(word) ? word : capitalize(word)))
    .join(' ');
}

/** Cuts `text` to at most `max` characters at a word boundary, ending with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  if (space > max / 2) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.!?–—-]+$/, '')}…`;
}

/** Escapes text for an element's content; the generator never writes attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
