import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../../../../scripts/browser-bundle.mjs';
import {
  PDF_REPORT_CREATOR,
  PDF_REPORT_PRODUCER,
  type ProjectReportDailyScore,
  type ProjectReportData,
  type ProjectReportKeyword,
  type ProjectReportVisibility,
  renderProjectReportPdf,
} from '../../../src/engine/exports/pdf-report';
import { type PdfTextPage, readPdfText } from '../../support/pdf-text';

const GENERATED_AT = '2026-04-01T06:30:00.000Z';
const PAGE = { width: 595.28, height: 841.89, marginX: 48, marginBottom: 56, footerY: 28 };
const exportsDir = fileURLToPath(new URL('../../../src/engine/exports/', import.meta.url));

function keywordRows(count: number): ProjectReportKeyword[] {
  return Array.from({ length: count }, (_, index) => ({
    keyword: `keyword ${String(index + 1).padStart(4, '0')}`,
    volume: 1000 + index * 37,
    position: index % 10 === 9 ? null : (index % 50) + 1,
    change: index % 10 === 9 ? null : (index % 7) - 3,
    impressions: 500 + index * 11,
    clicks: index % 120,
    opportunity_score: (index * 7) % 100,
  }));
}

/** Daily scores from 2026-01-01, one a day. */
function dailyScores(days: number): ProjectReportDailyScore[] {
  return Array.from({ length: days }, (_, index) => ({
    date: new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
    score: 40 + ((index * 13) % 30),
  }));
}

const VISIBILITY: ProjectReportVisibility = {
  score: 57.4,
  citation_score: 41.25,
  platforms: [
    { platform: 'chatgpt', score: 72, responses: 1540, mentions: 389 },
    { platform: 'google_ai_overviews', score: 31, responses: 540, mentions: 1 },
    { platform: 'brand_new_bot', score: 12, responses: 1, mentions: 0 },
  ],
  daily: dailyScores(90),
};

const ROW: ProjectReportKeyword = {
  keyword: 'coffee',
  volume: 1200,
  position: 4,
  change: 2,
  impressions: 900,
  clicks: 40,
  opportunity_score: 71,
};

function reportData(overrides: Partial<ProjectReportData> = {}): ProjectReportData {
  return {
    project: { name: 'Acme Coffee', domain: 'acme-coffee.example', language: 'nl' },
    generated_at: GENERATED_AT,
    period: { from: '2026-01-01', to: '2026-03-31' },
    content: {
      total: 42,
      by_status: { generating: 2, draft: 9, published: 28, failed: 3 },
      recent_published: Array.from({ length: 12 }, (_, index) => ({
        title: `Brewing guide ${index + 1}`,
        published_at: `2026-03-${String(28 - index).padStart(2, '0')}T09:00:00.000Z`,
      })),
    },
    keywords: keywordRows(12),
    visibility: VISIBILITY,
    ...overrides,
  };
}

const allText = (pages: PdfTextPage[]) => pages.map((page) => page.text).join('\n');

describe('renderProjectReportPdf', () => {
  it('writes a PDF that pdf-lib loads back, with the metadata taken from the data', async () => {
    const bytes = await renderProjectReportPdf(reportData());
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: PAGE.width, height: PAGE.height });
    expect(doc.getTitle()).toBe('Acme Coffee: project report, 2026-01-01 to 2026-03-31');
    expect(doc.getCreator()).toBe(PDF_REPORT_CREATOR);
    expect(doc.getProducer()).toBe(PDF_REPORT_PRODUCER);
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-04-01T06:30:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-04-01T06:30:00.000Z');
  });

  it('shows the project, the period, the content summary, the visibility figures and the keywords', async () => {
    const pages = await readPdfText(await renderProjectReportPdf(reportData()));
    const text = allText(pages);
    for (const expected of [
      'PROJECT REPORT',
      'Acme Coffee',
      'acme-coffee.example · Language: NL',
      '2026-01-01 to 2026-03-31',
      '2026-04-01 06:30 UTC',
      '42 content items in this period',
      'Recently published',
      '2026-03-28 Brewing guide 1 ',
      'AI visibility',
      '57.4 / 100',
      '41.3 / 100',
      '2,081', // AI responses: 1,540 + 540 + 1
      'Daily visibility score',
      'Jan 1',
      'Mar 31',
      'ChatGPT',
      'Google AI Overviews',
      'brand_new_bot',
      '1,540 responses · 389 mentions',
      '540 responses · 1 mention',
      '1 response · 0 mentions',
      '12 keywords tracked',
      'Keyword Volume Position Change Impressions Clicks Opportunity',
      'keyword 0001 1,000 1 -3 500 0 0.0',
      'keyword 0010 1,333 – – 599 9 63.0',
      `Page 1 of ${pages.length}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Ten recent titles at most, newest first.
    expect(text).toContain('Brewing guide 10');
    expect(text).not.toContain('Brewing guide 11');
    expect(text.indexOf('Brewing guide 1 ')).toBeLessThan(text.indexOf('Brewing guide 2 '));
  });

  it('spreads a long keyword table over more pages, every row once, nothing past the margins', async () => {
    const short = await readPdfText(await renderProjectReportPdf(reportData({ keywords: keywordRows(10) })));
    const pages = await readPdfText(await renderProjectReportPdf(reportData({ keywords: keywordRows(300) })));
    expect(pages.length).toBeGreaterThanOrEqual(short.length + 5);

    const printed = pages.flatMap((page) =>
      page.items.filter((item) => /^keyword \d{4}$/.test(item.text)).map((item) => item.text),
    );
    expect(printed).toEqual(keywordRows(300).map((row) => row.keyword));

    const firstTablePage = pages.findIndex((page) => page.text.includes('keyword 0001'));
    for (const page of pages.slice(firstTablePage + 1)) {
      expect(page.text).toContain(
        'Keywords (continued) Keyword Volume Position Change Impressions Clicks Opportunity',
      );
    }
    pages.forEach((page, index) => {
      expect(page.text).toContain(`Page ${index + 1} of ${pages.length}`);
      for (const item of page.items) {
        const where = `"${item.text}" on page ${index + 1}`;
        expect(item.x, where).toBeGreaterThanOrEqual(PAGE.marginX - 0.01);
        expect(item.x + item.width, where).toBeLessThanOrEqual(PAGE.width - PAGE.marginX + 0.01);
        // Only the footer sits below the bottom margin.
        if (item.y < PAGE.marginBottom) expect(item.y, where).toBeCloseTo(PAGE.footerY, 1);
        expect(item.y, where).toBeLessThan(PAGE.height - 40);
      }
    });
  });

  it('renders 1,000 keyword rows and 90 daily points into a compact file', async () => {
    const bytes = await renderProjectReportPdf(
      reportData({ keywords: keywordRows(1000), visibility: { ...VISIBILITY, daily: dailyScores(90) } }),
    );
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(20);
    expect(doc.getPageCount()).toBeLessThanOrEqual(30);
    expect(bytes.length).toBeLessThan(1_000_000);
  });

  it('says how many keywords the project tracks when the table lists only some of them', async () => {
    const text = allText(
      await readPdfText(
        await renderProjectReportPdf(reportData({ keywords: keywordRows(5), keywords_total: 512 })),
      ),
    );
    expect(text).toContain('Keywords tracked 512');
    expect(text).toContain('5 of 512 keywords tracked.');
  });

  it('renders empty sections with a line that says what is missing', async () => {
    const pages = await readPdfText(
      await renderProjectReportPdf(
        reportData({
          content: {
            total: 0,
            by_status: { generating: 0, draft: 0, published: 0, failed: 0 },
            recent_published: [],
          },
          keywords: [],
          visibility: { score: 0, citation_score: 0, platforms: [], daily: [] },
        }),
      ),
    );
    const text = allText(pages);
    for (const expected of [
      '0 content items in this period',
      'No article published in this period.',
      'No daily visibility data in this period.',
      'No AI platform data in this period.',
      'No keywords tracked in this period.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(pages.length).toBeLessThanOrEqual(2);
  });

  it('skips the sections the export did not ask for', async () => {
    const keywordsOnly = allText(
      await readPdfText(await renderProjectReportPdf(reportData({ content: null, visibility: undefined }))),
    );
    expect(keywordsOnly).toContain('keyword 0001');
    expect(keywordsOnly).not.toContain('Recently published');
    expect(keywordsOnly).not.toContain('Daily visibility score');

    const none = allText(
      await readPdfText(
        await renderProjectReportPdf(reportData({ content: null, keywords: null, visibility: null })),
      ),
    );
    expect(none).toContain('This report has no section');
  });

  it('draws the daily chart with a gap for days without data, and a single day as one point', async () => {
    // 60 days: too many for dots, so the only paths that differ are the line and the area under it.
    const daily = dailyScores(60).map((day, index) => (index === 10 ? { ...day, score: null } : day));
    const gapped = await renderProjectReportPdf(reportData({ visibility: { ...VISIBILITY, daily } }));
    const whole = await renderProjectReportPdf(
      reportData({ visibility: { ...VISIBILITY, daily: dailyScores(60) } }),
    );
    // A broken line is two paths where the whole one is one: count the path starts ("m") in the page content.
    expect(await pathStarts(gapped)).toBe((await pathStarts(whole)) + 2);

    const single = allText(
      await readPdfText(
        await renderProjectReportPdf(
          reportData({
            period: { from: '2026-03-31', to: '2026-03-31' },
            visibility: { ...VISIBILITY, daily: [{ date: '2026-03-31', score: 64 }] },
          }),
        ),
      ),
    );
    expect(single).toContain('Mar 31');
    expect(single).toContain('64');

    const overAYear = allText(
      await readPdfText(
        await renderProjectReportPdf(reportData({ period: { from: '2025-01-01', to: '2026-03-31' } })),
      ),
    );
    expect(overAYear).toContain('Jan 1, 2025');
    expect(overAYear).toContain('Mar 31, 2026');
  });

  it('prints text outside WinAnsi without throwing: transliterated where it can, `?` where it cannot', async () => {
    const bytes = await renderProjectReportPdf(
      reportData({
        project: { name: 'Łódź 東京 Кофе ☕ 👨‍👩‍👧', domain: 'xn--caf-dma.example', language: 'pl' },
        keywords: [
          { ...ROW, keyword: 'café ﬁlter Ｃｏｆｆｅｅ naïve' },
          { ...ROW, keyword: 'قهوة 커피 कॉफ़ी' },
          { ...ROW, keyword: 'zero\u200bwidth\ttab\nnewline \ud800 e\u0301' },
          { ...ROW, keyword: 'x'.repeat(10_000), volume: Number.NaN, clicks: Number.POSITIVE_INFINITY },
        ],
        content: {
          total: 1,
          by_status: { generating: 0, draft: 0, published: 1, failed: 0 },
          recent_published: [{ title: 'Ελληνικός καφές – “quoted” – 10 € ™', published_at: 'not a date' }],
        },
      }),
    );
    const text = allText(await readPdfText(bytes));
    expect(text).toContain('Lódz ?? Kofe ? ?');
    expect(text).toContain('café filter Coffee naïve');
    expect(text).toContain('zerowidth tab newline ? é');
    expect(text).toContain('not a date Ellinikos kafes – “quoted” – 10 € ™');
    expect(text).toMatch(/xxxx…/);
    expect(text).toMatch(/\?+ \?+ \?+/);
    // The metadata keeps the full Unicode name: it is not drawn with the standard fonts.
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toContain('Łódź 東京 Кофе ☕ 👨‍👩‍👧');
  });

  it('gives byte-identical output for the same data, even when rendered concurrently', async () => {
    const data = reportData({ keywords: keywordRows(120) });
    const [first, second] = await Promise.all([renderProjectReportPdf(data), renderProjectReportPdf(data)]);
    const third = await renderProjectReportPdf(structuredClone(data));
    expect(Buffer.compare(first, second)).toBe(0);
    expect(Buffer.compare(first, third)).toBe(0);
    const later = await renderProjectReportPdf({ ...data, generated_at: '2026-04-02T06:30:00.000Z' });
    expect(Buffer.compare(first, later)).not.toBe(0);
  });

  it('refuses a generated_at that is not a timestamp, naming the field', async () => {
    await expect(renderProjectReportPdf(reportData({ generated_at: 'yesterday' }))).rejects.toThrow(
      new RangeError('generated_at must be an ISO 8601 timestamp, got "yesterday"'),
    );
  });
});

describe('PDF report portability', () => {
  it('bundles for the browser, pdf-lib included, with no Node built-in', async () => {
    const { imported, code } = await bundleForBrowser(`${exportsDir}pdf-report.ts`);
    expect(imported).toEqual([]);
    expect(code).toContain('renderProjectReportPdf');
    expect(code).not.toMatch(/\brequire\(["'](fs|path|zlib|stream|crypto|buffer)["']\)/);
  });

  it('reads no clock, no random source and no Node global in its own files', () => {
    const files = readdirSync(exportsDir).filter((file) =>
      /^(pdf-report.*|project-report-data|win-ansi)\.ts$/.test(file),
    );
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const code = readFileSync(`${exportsDir}${file}`, 'utf8');
      expect(code, file).not.toMatch(/\b(Math\.random|Date\.now|new Date\(\)|performance\.now|crypto\.)/);
      expect(code, file).not.toMatch(/\b(process\.|Buffer\.|require\(|__dirname|__filename|globalThis\.)/);
      expect(code, file).not.toMatch(/from ['"](node:|fs|path|url|crypto|buffer)/);
    }
  });
});

/** Number of path starts (`m` operators) in the page content streams, decoded by pdf-lib. */
async function pathStarts(bytes: Uint8Array): Promise<number> {
  const { decodePDFRawStream, PDFRawStream } = await import('@cantoo/pdf-lib');
  const doc = await PDFDocument.load(bytes);
  let count = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = new TextDecoder('latin1').decode(decodePDFRawStream(object).decode());
    count += content.match(/(^|\s)m(?=\s)/g)?.length ?? 0;
  }
  return count;
}
