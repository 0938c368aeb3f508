import {
  type Color,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  rgb,
  StandardFonts,
} from '@cantoo/pdf-lib';
import { toWinAnsi } from './win-ansi';

/** A4 portrait, in PDF points. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
const MARGIN_X = 48;
const MARGIN_TOP = 56;
const MARGIN_BOTTOM = 56;
const FOOTER_Y = 28;
const ELLIPSIS = '…';

/** Coordinates to a hundredth of a point: finer than any screen or printer, and shorter content streams. */
export const round = (value: number): number => Math.round(value * 100) / 100;

/** The report's palette. */
export const COLORS = {
  ink: rgb(0.12, 0.14, 0.19),
  muted: rgb(0.42, 0.45, 0.5),
  accent: rgb(0.15, 0.39, 0.92),
  rule: rgb(0.82, 0.84, 0.88),
  grid: rgb(0.9, 0.91, 0.94),
  band: rgb(0.95, 0.96, 0.98),
  track: rgb(0.92, 0.93, 0.96),
  area: rgb(0.87, 0.92, 1),
  good: rgb(0.09, 0.55, 0.3),
  bad: rgb(0.78, 0.19, 0.19),
  warn: rgb(0.85, 0.55, 0.1),
  white: rgb(1, 1, 1),
} as const;

/** One key figure of a row of tiles. */
export interface Tile {
  label: string;
  value: string;
  /** Small grey text after the value, such as `/ 100`. */
  unit?: string;
  /** Colour of the tile's left edge. @default COLORS.accent */
  color?: Color;
}

export interface TextStyle {
  /** Font size in points. @default 10 */
  size?: number;
  bold?: boolean;
  color?: Color;
}

/**
 * A top-to-bottom flow over A4 pages: a cursor (`y`, the PDF's bottom-up coordinate) that
 * sections move down, a new page whenever a block would cross the bottom margin, and text
 * helpers that make every string printable with the standard fonts and cut it to a width.
 */
export class ReportLayout {
  readonly left = MARGIN_X;
  readonly right = PAGE_WIDTH - MARGIN_X;
  readonly width = PAGE_WIDTH - 2 * MARGIN_X;
  /** Pages in order; the last one is being written. */
  readonly pages: PDFPage[] = [];
  /** Where the next block starts, in points from the bottom of the page. */
  y = 0;
  /** Glyph widths at 1,000 points, by font and character. */
  private readonly glyphWidths = new Map<PDFFont, Map<string, number>>();
  /** The font each page was last set to. */
  private readonly pageFonts = new Map<PDFPage, PDFFont>();

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  static async open(doc: PDFDocument): Promise<ReportLayout> {
    const layout = new ReportLayout(
      doc,
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
    );
    layout.addPage();
    return layout;
  }

  /** The page being written. */
  get page(): PDFPage {
    const page = this.pages.at(-1);
    if (!page) throw new Error('the report has no page yet');
    return page;
  }

  addPage(): void {
    this.pages.push(this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]));
    this.y = PAGE_HEIGHT - MARGIN_TOP;
  }

  /** Starts a new page unless `height` points still fit above the bottom margin; true when it did. */
  ensureSpace(height: number): boolean {
    if (this.y - height >= MARGIN_BOTTOM) return false;
    this.addPage();
    return true;
  }

  /** Room left on this page above the bottom margin. */
  get remaining(): number {
    return this.y - MARGIN_BOTTOM;
  }

  moveDown(points: number): void {
    this.y -= points;
  }

  fontOf(style: TextStyle): PDFFont {
    return style.bold ? this.bold : this.regular;
  }

  /** Width of `text` once made printable. */
  widthOf(text: string, style: TextStyle = {}): number {
    return this.advance(toWinAnsi(text), style);
  }

  /**
   * Width of printable text as `drawText` shows it: the sum of the glyph widths. The font's own
   * `widthOfTextAtSize` subtracts kerning that `drawText` does not apply, so it would measure
   * text a little narrower than drawn and let right-aligned text cross the margin.
   */
  private advance(printable: string, style: TextStyle): number {
    const font = this.fontOf(style);
    let widths = this.glyphWidths.get(font);
    if (!widths) {
      widths = new Map();
      this.glyphWidths.set(font, widths);
    }
    let total = 0;
    for (const char of printable) {
      let width = widths.get(char);
      if (width === undefined) {
        width = font.widthOfTextAtSize(char, 1000);
        widths.set(char, width);
      }
      total += width;
    }
    return (total * (style.size ?? 10)) / 1000;
  }

  /** `text` made printable and, when wider than `maxWidth`, cut with an ellipsis. */
  fit(text: string, maxWidth: number, style: TextStyle = {}): string {
    const printable = toWinAnsi(text);
    if (this.advance(printable, style) <= maxWidth) return printable;
    let low = 0;
    let high = printable.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      const candidate = printable.slice(0, middle).trimEnd() + ELLIPSIS;
      if (this.advance(candidate, style) <= maxWidth) low = middle;
      else high = middle - 1;
    }
    return low === 0 ? '' : printable.slice(0, low).trimEnd() + ELLIPSIS;
  }

  /** Draws `text` with its baseline at `y`, starting at `x`, cut to `maxWidth` when given. */
  text(text: string, x: number, y: number, style: TextStyle = {}, maxWidth?: number): void {
    const printable = maxWidth === undefined ? toWinAnsi(text) : this.fit(text, maxWidth, style);
    this.drawPrintable(this.page, printable, x, y, style);
  }

  private drawPrintable(page: PDFPage, printable: string, x: number, y: number, style: TextStyle): void {
    if (printable === '') return;
    // Passing `font` to drawText adds a font entry to the page's resources on every call; setting
    // the page font only when it changes keeps a few entries per page instead of thousands.
    const font = this.fontOf(style);
    if (this.pageFonts.get(page) !== font) {
      page.setFont(font);
      this.pageFonts.set(page, font);
    }
    page.drawText(printable, {
      x: round(x),
      y: round(y),
      size: style.size ?? 10,
      color: style.color ?? COLORS.ink,
    });
  }

  /** Draws `text` so that it ends at `right`. */
  textRight(text: string, right: number, y: number, style: TextStyle = {}): void {
    this.text(text, right - this.widthOf(text, style), y, style);
  }

  /** Draws `text` centred on `center`. */
  textCentered(text: string, center: number, y: number, style: TextStyle = {}): void {
    this.text(text, center - this.widthOf(text, style) / 2, y, style);
  }

  rect(x: number, y: number, width: number, height: number, color: Color): void {
    this.page.drawRectangle({ x: round(x), y: round(y), width: round(width), height: round(height), color });
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Color, thickness = 0.75): void {
    this.page.drawLine({
      start: { x: round(x1), y: round(y1) },
      end: { x: round(x2), y: round(y2) },
      thickness,
      color,
    });
  }

  /** A section title with a rule under it; starts a page when less than `keepWith` points would follow it. */
  heading(title: string, keepWith = 60): void {
    this.ensureSpace(41 + keepWith);
    this.moveDown(18);
    this.text(title, this.left, this.y, { size: 14, bold: true });
    this.moveDown(7);
    this.line(this.left, this.y, this.right, this.y, COLORS.rule);
    this.moveDown(16);
  }

  /** A smaller title inside a section, kept on the page with `keepWith` points after it. */
  subheading(title: string, keepWith = 40): void {
    this.ensureSpace(24 + keepWith);
    this.moveDown(10);
    this.text(title, this.left, this.y, { size: 11, bold: true });
    this.moveDown(14);
  }

  /** A row of key figures in shaded boxes, a quarter of the width each, with a coloured edge. */
  tiles(tiles: readonly Tile[]): void {
    if (tiles.length === 0) return;
    const gap = 10;
    const height = 46;
    const perRow = Math.max(4, tiles.length);
    const width = (this.width - gap * (perRow - 1)) / perRow;
    this.ensureSpace(height + 10);
    const bottom = this.y - height;
    tiles.forEach((tile, index) => {
      const x = this.left + index * (width + gap);
      this.rect(x, bottom, width, height, COLORS.band);
      this.rect(x, bottom, 3, height, tile.color ?? COLORS.accent);
      this.text(tile.label, x + 12, bottom + height - 15, { size: 8.5, color: COLORS.muted }, width - 18);
      const valueStyle = { size: 17, bold: true };
      this.text(tile.value, x + 12, bottom + 10, valueStyle, width - 18);
      if (tile.unit) {
        const after = x + 12 + this.widthOf(tile.value, valueStyle) + 3;
        this.text(tile.unit, after, bottom + 10, { size: 9, color: COLORS.muted }, x + width - after - 4);
      }
    });
    this.y = bottom - 10;
  }

  /** A one-line grey remark, such as what an empty section lacks. */
  note(text: string): void {
    this.ensureSpace(16);
    this.text(text, this.left, this.y, { size: 10, color: COLORS.muted }, this.width);
    this.moveDown(16);
  }

  /** Writes `Page n of N` and `label` at the foot of every page; call once all pages exist. */
  drawFooters(label: string): void {
    const total = this.pages.length;
    const style = { size: 8, color: COLORS.muted };
    this.pages.forEach((page, index) => {
      const pageLabel = `Page ${index + 1} of ${total}`;
      const pageLabelWidth = this.widthOf(pageLabel, style);
      page.drawLine({
        start: { x: this.left, y: FOOTER_Y + 12 },
        end: { x: this.right, y: FOOTER_Y + 12 },
        thickness: 0.5,
        color: COLORS.rule,
      });
      this.drawPrintable(
        page,
        this.fit(label, this.width - pageLabelWidth - 16, style),
        this.left,
        FOOTER_Y,
        style,
      );
      this.drawPrintable(page, pageLabel, this.right - pageLabelWidth, FOOTER_Y, style);
    });
  }
}
