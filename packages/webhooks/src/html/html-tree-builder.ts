import {
  HTML_INTEGRATION_POINTS,
  type Namespace,
  OPEN_IMPLIES_CLOSE,
  PARSER_VOID_ELEMENTS,
  SVG_TAG_NAMES,
} from './element-rules';
import { type HtmlTokenHandler, tokenizeHtml } from './html-tokenizer';

/** What the tree builder reports: every `open` is matched by one `close`, innermost first. */
export interface HtmlTreeSink {
  /**
   * Whether an element's tags vanish from the output while its content stays (an element the
   * allow-list unwraps): the implied end tags look past such elements, as HTML's own rules look
   * past any that is not in scope, so the output parses again into the same elements.
   */
  unwrapped(name: string): boolean;
  /** An element starts; `attributes` in the order received, the first of duplicates kept. */
  open(name: string, attributes: ReadonlyMap<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

/**
 * Builds the element tree of an HTML fragment (tokenizeHtml's tokens, and the element rules of
 * `vectors/README.md`), reporting it to `sink` as it goes. Linear in the input: the open
 * elements are a stack with a count per name, so an end tag that closes nothing costs no scan.
 *
 * @example
 * ```ts
 * buildHtmlTree('<p>Hi <a href="x"', sink); // sink.open('p'), sink.text('Hi '), sink.close('p')
 * ```
 */
export function buildHtmlTree(html: string, sink: HtmlTreeSink): void {
  const builder = new HtmlTreeBuilder(sink);
  tokenizeHtml(html, builder);
  builder.end();
}

class HtmlTreeBuilder implements HtmlTokenHandler {
  /** Names of the open elements, innermost last. */
  private readonly stack: string[] = [];
  /** How many elements of each name are open, so that a search of the stack is one lookup. */
  private readonly openCounts = new Map<string, number>();
  /** Innermost last; the bottom entry is the fragment's own, HTML. */
  private readonly namespaces: Namespace[] = ['html'];
  /** Stack positions of the open elements the sink does not unwrap, innermost last. */
  private readonly solid: number[] = [];

  constructor(private readonly sink: HtmlTreeSink) {}

  inForeignContent(): boolean {
    return this.namespaces[this.namespaces.length - 1] !== 'html';
  }

  text(text: string): void {
    this.sink.text(text);
  }

  startTag(name: string, attributes: Map<string, string>, selfClosing: boolean): void {
    this.open(this.elementName(name), attributes, selfClosing);
  }

  endTag(tagName: string): void {
    const name = this.elementName(tagName);
    if (PARSER_VOID_ELEMENTS.has(name)) {
      // `</br>` is a line break; the other void end tags mean nothing.
      if (name === 'br') this.open('br', new Map(), false);
    } else if (this.isOpen(name)) {
      while (this.pop() !== name);
    } else if (name === 'p') {
      this.open('p', new Map(), false); // `</p>` alone is an empty paragraph
      this.pop();
    }
  }

  /** Closes what the input left open, innermost first. */
  end(): void {
    while (this.stack.length > 0) this.pop();
  }

  private open(name: string, attributes: ReadonlyMap<string, string>, selfClosing: boolean): void {
    if (name === 'form' && this.isOpen('form')) return; // a form inside a form is ignored
    const closes = OPEN_IMPLIES_CLOSE.get(name);
    // Closes the innermost element the sink keeps (or drops) while it is in `closes`, with the
    // unwrapped ones inside it.
    for (let at = this.solid.at(-1); closes && at !== undefined && closes.has(this.stack[at] as string); ) {
      while (this.stack.length > at) this.pop();
      at = this.solid.at(-1);
    }
    if (PARSER_VOID_ELEMENTS.has(name)) {
      this.sink.open(name, attributes);
      this.sink.close(name);
      return;
    }
    this.push(name);
    this.sink.open(name, attributes);
    // Self-closing syntax means something only inside svg and math (checked once `name` is open).
    if (selfClosing && this.inForeignContent()) this.pop();
  }

  /** A tag's name as the element rules compare it: SVG's own spelling inside svg, `image` is `img`. */
  private elementName(name: string): string {
    const namespace = this.namespaces[this.namespaces.length - 1];
    if (namespace === 'svg') return SVG_TAG_NAMES.get(name) ?? name;
    if (this.namespaces.length > 1) {
      // An end tag inside an HTML integration point may still close an SVG element around it.
      const svgName = SVG_TAG_NAMES.get(name);
      if (svgName !== undefined && this.isOpen(svgName)) return svgName;
    }
    return namespace === 'html' && name === 'image' ? 'img' : name;
  }

  private isOpen(name: string): boolean {
    return (this.openCounts.get(name) ?? 0) > 0;
  }

  private push(name: string): void {
    if (!this.sink.unwrapped(name)) this.solid.push(this.stack.length);
    this.stack.push(name);
    this.openCounts.set(name, (this.openCounts.get(name) ?? 0) + 1);
    if (name === 'svg') this.namespaces.push('svg');
    else if (name === 'math') this.namespaces.push('math');
    else if (HTML_INTEGRATION_POINTS.has(name)) this.namespaces.push('html');
  }

  private pop(): string {
    const name = this.stack.pop() as string;
    if (this.solid.at(-1) === this.stack.length) this.solid.pop();
    this.openCounts.set(name, (this.openCounts.get(name) ?? 1) - 1);
    if (name === 'svg' || name === 'math' || HTML_INTEGRATION_POINTS.has(name)) this.namespaces.pop();
    this.sink.close(name);
    return name;
  }
}
