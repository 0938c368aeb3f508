import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import { asciiLowerCase } from './element-rules';

/** What the tokenizer reports, in input order. */
export interface HtmlTokenHandler {
  /** Whether the innermost open element is in SVG or MathML: asked at each start tag and CDATA. */
  inForeignContent(): boolean;
  /** A start tag: its name in lower case, its attributes in order (the first of duplicates kept). */
  startTag(name: string, attributes: Map<string, string>, selfClosing: boolean): void;
  endTag(name: string): void;
  /** Text with its character references decoded. */
  text(text: string): void;
}

/** Elements whose content is text up to their own end tag; of them, title and textarea decode references. */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'title', 'textarea']);
const ESCAPABLE_RAW_TEXT = new Set(['title', 'textarea']);
const NAME_END = /[\t\n\f\r />]/g;
const ATTRIBUTE_NAME_END = /[\t\n\f\r />=]/g;
const UNQUOTED_VALUE_END = /[\t\n\f\r >]/g;
const NOT_WHITESPACE = /[^\t\n\f\r ]/g;
const COMMENT_END = /--!?>/g;

/** Where `pattern` (a global regular expression) first matches in `text` from `from`, or -1. */
function search(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? -1;
}

const isAsciiAlpha = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

/**
 * Splits an HTML fragment into start tags, end tags and text by the rules of `vectors/README.md`
 * ("Sanitizing"), the same in every language: comments (`<!-->` and `<!--->` included), CDATA,
 * doctypes, processing instructions and bogus comments are dropped, raw-text elements hold text
 * up to their own end tag, `<plaintext>` makes the rest text, and a tag or comment the input
 * ends in is dropped. Every search moves forward, so it takes time linear in the input.
 *
 * @example
 * ```ts
 * tokenizeHtml('<p class=x>a &amp; b', handler); // startTag('p', {class: 'x'}), text('a & b')
 * ```
 */
export function tokenizeHtml(html: string, handler: HtmlTokenHandler): void {
  new HtmlTokenizer(html, handler).run();
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
  selfClosing: boolean;
  end: number;
}

class HtmlTokenizer {
  /** Where reading goes on. */
  private index = 0;
  /** Where the text not yet reported starts. */
  private textStart = 0;

  constructor(
    private readonly html: string,
    private readonly handler: HtmlTokenHandler,
  ) {}

  run(): void {
    const { html } = this;
    for (;;) {
      const lt = html.indexOf('<', this.index);
      if (lt === -1) break;
      const next = html.charCodeAt(lt + 1);
      let goesOn = true;
      if (isAsciiAlpha(next)) goesOn = this.startTag(lt);
      else if (next === 0x2f) goesOn = this.endTag(lt);
      else if (next === 0x21) goesOn = this.markupDeclaration(lt);
      else if (next === 0x3f) goesOn = this.skipTo(lt, html.indexOf('>', lt + 2), 1);
      else this.index = lt + 1; // a `<` that starts nothing is text
      if (!goesOn) return;
    }
    this.flushText(html.length);
  }

  /** Reports the text before `end` and moves on to `resume`. */
  private flushText(end: number, resume = end): void {
    if (end > this.textStart) this.handler.text(decodeHTML(this.html.slice(this.textStart, end)));
    this.index = this.textStart = resume;
  }

  /** Drops the markup from `lt` through `end` (plus `size` characters); false when it runs to the end. */
  private skipTo(lt: number, end: number, size: number): boolean {
    this.flushText(lt, end === -1 ? this.html.length : end + size);
    return end !== -1;
  }

  private startTag(lt: number): boolean {
    const foreign = this.handler.inForeignContent();
    const tag = this.readTag(lt + 1);
    this.flushText(lt, tag?.end ?? this.html.length);
    if (tag === undefined) return false;
    this.handler.startTag(tag.name, tag.attributes, tag.selfClosing);
    if (foreign) return true;
    if (tag.name === 'plaintext') {
      if (tag.end < this.html.length) this.handler.text(this.html.slice(tag.end));
      return false;
    }
    if (RAW_TEXT.has(tag.name)) this.rawText(tag.name, tag.end);
    return true;
  }

  /** Text up to `</name` followed by a space, `/` or `>` (its end tag is read next), or to the end. */
  private rawText(name: string, start: number): void {
    const closing = new RegExp(`</${name}(?=[\\t\\n\\f\\r />])`, 'gi');
    const found = search(closing, this.html, start);
    const end = found === -1 ? this.html.length : found;
    if (end > start) {
      const text = this.html.slice(start, end);
      this.handler.text(ESCAPABLE_RAW_TEXT.has(name) ? decodeHTML(text) : text);
    }
    this.index = this.textStart = end;
  }

  private endTag(lt: number): boolean {
    const { html } = this;
    const first = html.charCodeAt(lt + 2);
    if (Number.isNaN(first)) {
      this.index = lt + 2; // `</` at the very end is text
      return true;
    }
    if (first === 0x3e) return this.skipTo(lt, lt + 2, 1); // `</>` is nothing
    if (!isAsciiAlpha(first)) return this.skipTo(lt, html.indexOf('>', lt + 2), 1); // a bogus comment
    const tag = this.readTag(lt + 2);
    this.flushText(lt, tag?.end ?? html.length);
    if (tag === undefined) return false;
    this.handler.endTag(tag.name);
    return true;
  }

  private markupDeclaration(lt: number): boolean {
    const { html } = this;
    if (html.startsWith('<!--', lt)) {
      const start = lt + 4;
      // `<!-->` and `<!--->` are empty comments.
      if (html.charCodeAt(start) === 0x3e) return this.skipTo(lt, start, 1);
      if (html.startsWith('->', start)) return this.skipTo(lt, start + 1, 1);
      COMMENT_END.lastIndex = start;
      const end = COMMENT_END.exec(html);
      return this.skipTo(lt, end?.index ?? -1, end?.[0].length ?? 0);
    }
    if (html.startsWith('<![CDATA[', lt)) {
      const end = html.indexOf(']]>', lt + 9);
      if (end !== -1 && end > lt + 9 && this.handler.inForeignContent()) {
        this.flushText(lt, lt);
        this.handler.text(html.slice(lt + 9, end));
      }
      return this.skipTo(lt, end, 3);
    }
    return this.skipTo(lt, html.indexOf('>', lt + 2), 1);
  }

  /**
   * The tag whose name starts at `start` (after `<` or `</`): its lower-case name, attributes
   * (values decoded) and where it ends; undefined when the input ends first.
   */
  private readTag(start: number): Tag | undefined {
    const { html } = this;
    let index = search(NAME_END, html, start);
    if (index === -1) return undefined;
    const name = asciiLowerCase(html.slice(start, index));
    const attributes = new Map<string, string>();
    for (;;) {
      index = search(NOT_WHITESPACE, html, index);
      if (index === -1) return undefined;
      const character = html[index];
      if (character === '>') return { name, attributes, selfClosing: false, end: index + 1 };
      if (character === '/') {
        if (html[index + 1] === '>') return { name, attributes, selfClosing: true, end: index + 2 };
        index++;
        continue;
      }
      // An attribute: its name may start with `=`, and ends at a space, `/`, `>` or `=`.
      const nameEnd = search(ATTRIBUTE_NAME_END, html, index + 1);
      if (nameEnd === -1) return undefined;
      const attribute = asciiLowerCase(html.slice(index, nameEnd));
      index = search(NOT_WHITESPACE, html, nameEnd);
      if (index === -1) return undefined;
      let value = '';
      if (html[index] === '=') {
        index = search(NOT_WHITESPACE, html, index + 1);
        if (index === -1) return undefined;
        const quote = html[index];
        let valueEnd: number;
        if (quote === '"' || quote === "'") {
          valueEnd = html.indexOf(quote, index + 1);
          if (valueEnd === -1) return undefined;
          value = html.slice(index + 1, valueEnd);
          valueEnd++;
        } else {
          valueEnd = search(UNQUOTED_VALUE_END, html, index);
          if (valueEnd === -1) return undefined;
          value = html.slice(index, valueEnd);
        }
        value = decodeHTMLAttribute(value);
        index = valueEnd;
      }
      if (!attributes.has(attribute)) attributes.set(attribute, value);
    }
  }
}
