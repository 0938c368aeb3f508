// pnpm bench (mock-server): the PDF project report of a bulk export with 1,000 keyword rows and
// 90 daily visibility points, against the same report with no keyword and no daily point (the
// fixed cost: fonts, header, layout), measured in the same run. Prints the median render time,
// the file size, the page count and the ratios, then the minified browser bundle of the renderer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';
import { build } from 'esbuild';

const KEYWORDS = Number(process.env.BENCH_KEYWORDS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const entry = fileURLToPath(new URL('../src/engine/exports/pdf-report.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rankquill-bench-pdf-'));

// The renderer is engine source (TypeScript); bundle it once for Node to import it here.
const outfile = join(dir, 'pdf-report.mjs');
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile,
  logLevel: 'error',
});
const { renderProjectReportPdf } = await import(pathToFileURL(outfile).href);

const day = (index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
const data = (keywords, days) => ({
  project: { name: 'Bench Coffee', domain: 'bench.example', language: 'en' },
  generated_at: '2026-04-01T00:00:00.000Z',
  period: { from: day(0), to: day(Math.max(days, 1) - 1) },
  content: {
    total: 120,
    by_status: { generating: 3, draft: 20, published: 90, failed: 7 },
    recent_published: Array.from({ length: 10 }, (_, i) => ({
      title: `How to brew coffee, part ${i + 1}`,
      published_at: `${day(80 - i)}T09:00:00.000Z`,
    })),
  },
  keywords: Array.from({ length: keywords }, (_, i) => ({
    keyword: `bench keyword number ${i + 1}`,
    volume: (i * 7919) % 20_000,
    position: i % 9 === 0 ? null : (i % 60) + 1,
    change: i % 9 === 0 ? null : ((i * 31) % 11) - 5,
    impressions: (i * 104_729) % 50_000,
    clicks: (i * 13) % 900,
    opportunity_score: ((i * 37) % 1000) / 10,
  })),
  visibility: {
    score: 57,
    citation_score: 41,
    platforms: ['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overviews'].map((platform, i) => ({
      platform,
      score: 30 + i * 10,
      responses: 450,
      mentions: 100 + i * 40,
    })),
    daily: Array.from({ length: days }, (_, i) => ({ date: day(i), score: 40 + ((i * 13) % 30) })),
  },
});

async function measure(label, input) {
  await renderProjectReportPdf(input); // warm-up
  const times = [];
  let bytes;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    bytes = await renderProjectReportPdf(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const pages = (await PDFDocument.load(bytes)).getPageCount();
  console.log(
    `${label}: ${median.toFixed(0)} ms median of ${RUNS}, ${(bytes.length / 1024).toFixed(1)} KiB, ${pages} pages`,
  );
  return { median, size: bytes.length };
}

try {
  const baseline = await measure('baseline, no keyword and no daily point', data(0, 0));
  const full = await measure(`${KEYWORDS} keyword rows and ${DAYS} daily points`, data(KEYWORDS, DAYS));
  console.log(
    `ratio: ${(full.median / baseline.median).toFixed(1)}x the time, ${(full.size / baseline.size).toFixed(1)}x the size; ` +
      `${(((full.median - baseline.median) / Math.max(KEYWORDS, 1)) * 1000).toFixed(0)} µs per keyword row`,
  );
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'error',
  });
  const code = bundle.outputFiles[0].contents;
  const { gzipSync } = await import('node:zlib');
  console.log(
    `browser bundle of the renderer, pdf-lib included: ${(code.length / 1024).toFixed(0)} KiB minified, ` +
      `${(gzipSync(code).length / 1024).toFixed(0)} KiB gzipped`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
