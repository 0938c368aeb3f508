import type { Random } from '../kernel/random';
import { type Block, type Prose, prose } from './article-blocks';
import {
  COMPARISON_CRITERIA,
  FAQ_QUESTIONS,
  HEADINGS,
  ITEMS,
  LIST_ITEMS,
  PRACTICES,
  type SentenceRole,
  STEPS,
  VOCABULARY,
} from './article-phrases';
import type { ArticlePlaceholders, ArticleType } from './article-placeholders';
import { capitalize, clamp } from './article-text';

/**
 * The shape of an article of each type: its sections, headings, lists, tables and the prose
 * slots between them, sized to the target length.
 */
export class ArticleOutline {
  constructor(
    private readonly type: ArticleType,
    private readonly target: number,
    private readonly random: Random,
    private readonly placeholders: ArticlePlaceholders,
  ) {}

  /** How many sections (steps, items) an article of the target length gets. */
  sectionCount(): number {
    switch (this.type) {
      case 'how_to':
        return clamp(Math.round(this.target / 130), 3, STEPS.length);
      case 'listicle':
        return clamp(Math.round(this.target / 110), 5, 25);
      default:
        return clamp(Math.round(this.target / 240), 3, 12);
    }
  }

  /** The blocks of an article with `sections` sections; the prose slots are still empty. */
  build(sections: number): Block[] {
    this.placeholders.count = sections;
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
    this.placeholders.count = Math.min(items, ITEMS.length);
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
      {
        kind: 'table',
        head: ['Criterion', this.placeholders.titleSideA, this.placeholders.titleSideB],
        rows,
      },
      prose('compare', 0.6),
    );
    for (const side of [this.placeholders.titleSideA, this.placeholders.titleSideB]) {
      blocks.push({ kind: 'heading', level: 2, text: side }, prose('compare', 1));
      if (this.target >= 900) {
        blocks.push(
          { kind: 'heading', level: 3, text: 'Pros' },
          this.list('pros', 2, 3),
          { kind: 'heading', level: 3, text: 'Cons' },
          this.list('cons', 2, 3),
        );
      } else {
        blocks.push(this.list(side === this.placeholders.titleSideA ? 'pros' : 'cons', 2, 3));
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
      blocks.push(
        { kind: 'heading', level: 3, text: this.placeholders.fill(question) },
        prose('general', 0.5),
      );
    }
  }

  /** A bulleted list of `min` to `max` entries of a phrase table. */
  private list(name: keyof typeof LIST_ITEMS | 'mistakes', min: number, max: number): Block {
    const source = name === 'mistakes' ? VOCABULARY.mistake : LIST_ITEMS[name];
    const items = this.random
      .shuffle(source)
      .slice(0, this.random.int(min, Math.min(max, source.length)))
      .map((item) => capitalize(this.placeholders.fill(item)));
    return { kind: 'list', ordered: false, items };
  }

  private pickHeading(name: keyof typeof HEADINGS): string {
    return this.placeholders.fill(this.random.pick(HEADINGS[name]));
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
}
