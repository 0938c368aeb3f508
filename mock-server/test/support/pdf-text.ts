import { fileURLToPath } from 'node:url';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One run of text as a PDF reader places it, in points from the bottom-left corner of its page. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
}

export interface PdfTextPage {
  width: number;
  height: number;
  items: PdfTextItem[];
  /** The page's text runs joined by single spaces, in reading order. */
  text: string;
}

const standardFontDataUrl = fileURLToPath(
  new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url),
);

/**
 * The text of every page of a PDF, read by Mozilla's PDF.js (the reader built into Firefox), so
 * a test checks what a reader shows rather than what the writer meant to write.
 */
export async function readPdfText(bytes: Uint8Array): Promise<PdfTextPage[]> {
  const loading = getDocument({
    data: bytes.slice(),
    standardFontDataUrl,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const pdf = await loading.promise;
    const pages: PdfTextPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const [, , width = 0, height = 0] = page.view;
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        items.push({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width });
      }
      pages.push({ width, height, items, text: items.map((item) => item.text).join(' ') });
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}
