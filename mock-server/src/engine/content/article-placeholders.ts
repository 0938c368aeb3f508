import type { Random } from '../kernel/random';
import { countWords } from './article-html';
import {
  COMPARISON_SIDES,
  RELATED_TOPICS,
  type TITLES,
  VOCABULARY,
  type VocabularyName,
} from './article-phrases';
import { capitalize, lowerFirst, titleCase } from './article-text';
import type { PhraseDecks } from './phrase-decks';

export type ArticleType = keyof typeof TITLES;

/** Keywords longer than this many words are shortened to "this topic" in running text... */
const LONG_KEYWORD_WORDS = 6;
/** ...after this many mentions. */
const LONG_KEYWORD_MENTIONS = 2;
const VERSUS = /\s+(?:vs\.?|versus)\s+/i;

/**
 * What an article's templates talk about, and how their `{name}` placeholders are filled: the
 * keyword, the brand, the two sides of a comparison, the number of sections, vocabulary drawn
 * from the phrase decks.
 */
export class ArticlePlaceholders {
  readonly longKeyword: boolean;
  /** The keyword names both sides itself (`notion vs obsidian`). */
  versus = false;
  sideA = '';
  sideB = '';
  titleSideA = '';
  titleSideB = '';
  /** What `{N}` says: the number of steps, items or sections. */
  count = 0;
  /** True while writing the body, where a long keyword gets shortened after a few mentions. */
  inBody = false;
  private readonly related: string;
  private mentions = 0;
  private lastAspect = '';

  constructor(
    readonly keyword: string,
    type: ArticleType,
    readonly brand: string,
    private readonly random: Random,
    private readonly decks: PhraseDecks,
  ) {
    this.longKeyword = countWords(keyword) > LONG_KEYWORD_WORDS;
    this.related = this.longKeyword
      ? 'the topics around it'
      : this.random.pick(RELATED_TOPICS).replace('{kw}', keyword);
    this.chooseSides(type);
  }

  /** Replaces the `{name}` placeholders of a template. */
  fill(template: string): string {
    const parts = parseTemplate(template);
    let out = parts[0] as string;
    for (let i = 1; i < parts.length; i += 2) out += this.value(parts[i] as string) + parts[i + 1];
    return out;
  }

  private chooseSides(type: ArticleType): void {
    const parts = this.keyword.split(VERSUS);
    if (type === 'comparison' && parts.length === 2 && parts[0] && parts[1]) {
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
        this.lastAspect = this.decks.draw('aspect', VOCABULARY.aspect);
        return this.lastAspect;
      case 'aspect2': {
        const other = this.decks.draw('aspect', VOCABULARY.aspect);
        return other === this.lastAspect ? this.decks.draw('aspect', VOCABULARY.aspect) : other;
      }
    }
    if (name.endsWith('C')) return capitalize(this.value(lowerFirst(name.slice(0, -1))));
    const words = VOCABULARY[name as VocabularyName];
    return words ? this.decks.draw(name, words) : name;
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
