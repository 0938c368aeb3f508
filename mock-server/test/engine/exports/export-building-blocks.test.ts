import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../../../src/engine/exports/base64';
import { byteChunks, fixedSizeChunks } from '../../../src/engine/exports/byte-chunks';
import { csvField, csvRow } from '../../../src/engine/exports/csv';
import { DownloadTokens } from '../../../src/engine/exports/download-token';
import { ExportFiles } from '../../../src/engine/exports/export-files';
import { htmlToMarkdown } from '../../../src/engine/exports/html-to-markdown';
import { zipStream } from '../../../src/engine/exports/zip-stream';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { createMemoryStore } from '../../../src/store/memory';

async function collect(source: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  for await (const piece of source) pieces.push(piece);
  return pieces;
}

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((total, piece) => total + piece.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.byteLength;
  }
  return out;
}

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

describe('csvField', () => {
  it('quotes fields with a comma, a quote, CR or LF and doubles quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField(null)).toBe('');
    expect(csvRow(['a', 1, true, null])).toBe('a,1,true,\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but leaves numbers alone', () => {
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('+33 6 12')).toBe(`"'+33 6 12"`);
    expect(csvField('-ing words')).toBe(`"'-ing words"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-3)).toBe('-3');
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('byte chunks', () => {
  it('joins small strings into chunks of about the size asked, keeping UTF-8 whole', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => `row ${i} ☕\n`);
    const chunks = await collect(byteChunks(rows, 64));
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.length).toBeLessThan(100);
    expect(new TextDecoder().decode(concat(chunks))).toBe(rows.join(''));
  });

  it('cuts a byte stream into pieces of exactly one size, the last one shorter', async () => {
    const source = [new Uint8Array(5).fill(1), new Uint8Array(12).fill(2), new Uint8Array(1).fill(3)];
    const pieces = await collect(fixedSizeChunks(from(source), 4));
    expect(pieces.map((piece) => piece.byteLength)).toEqual([4, 4, 4, 4, 2]);
    expect(concat(pieces)).toEqual(concat(source));
  });
});

describe('ExportFiles', () => {
  it('stores a file in fixed-size pieces and reads back the same bytes', async () => {
    const store = createMemoryStore(engineSchema);
    const files = new ExportFiles(store, 1000);
    const bytes = Uint8Array.from({ length: 4321 }, (_, i) => (i * 7) % 256);
    const written = await files.write('exp_test', from([bytes.slice(0, 1500), bytes.slice(1500)]));
    expect(written).toEqual({ size: 4321, chunks: 5 });
    expect(await store.count('export_chunks', { export_id: 'exp_test' })).toBe(5);
    expect(concat(await collect(files.read('exp_test', written.chunks)))).toEqual(bytes);

    await store.transaction((tx) => files.remove(tx, 'exp_test'));
    await expect(collect(files.read('exp_test', written.chunks))).rejects.toThrow(/missing/);
  });
});

describe('DownloadTokens', () => {
  it('verifies its own signature only for the same export, expiry and secret', async () => {
    const tokens = new DownloadTokens('secret one');
    const signature = await tokens.sign('exp_1', 1767229200);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await tokens.verify('exp_1', 1767229200, signature)).toBe(true);
    expect(await tokens.verify('exp_1', 1767229201, signature)).toBe(false);
    expect(await tokens.verify('exp_2', 1767229200, signature)).toBe(false);
    expect(await new DownloadTokens('secret two').verify('exp_1', 1767229200, signature)).toBe(false);
    expect(await tokens.verify('exp_1', 1767229200, 'not base64!')).toBe(false);
    expect(await tokens.verify('exp_1', 1767229200, signature.slice(0, 20))).toBe(false);
  });

  it('round-trips base64url', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(fromBase64Url('a')).toBeUndefined();
  });
});

describe('htmlToMarkdown', () => {
  it('converts the allow-listed article HTML, tables included', () => {
    const html =
      '<h2>Ratio &amp; time</h2><p>Use <em>coarse</em> beans, <code>1:8</code>.</p><ol><li>Grind</li><li>Steep</li></ol>' +
      '<blockquote><p>Patience.</p></blockquote><table><thead><tr><th>Beans</th><th>Water</th></tr></thead>' +
      '<tbody><tr><td>100 g</td><td>800 ml</td></tr></tbody></table><img src="https://img.example/a.png" alt="Jar">';
    expect(htmlToMarkdown(html)).toBe(
      [
        '## Ratio & time',
        '',
        'Use _coarse_ beans, `1:8`.',
        '',
        '1. Grind',
        '2. Steep',
        '',
        '> Patience.',
        '',
        '| Beans | Water  |',
        '| ----- | ------ |',
        '| 100 g | 800 ml |',
        '',
        '![Jar](https://img.example/a.png)',
        '',
      ].join('\n'),
    );
  });
});

describe('zipStream', () => {
  it('writes a ZIP that unzips to the files given, read piece by piece', async () => {
    const encoder = new TextEncoder();
    const archive = await collect(
      zipStream(
        [
          { name: 'a.csv', data: from([encoder.encode('x,y\r\n'), encoder.encode('1,2\r\n')]) },
          { name: 'b.csv', data: from([encoder.encode('only\r\n')]) },
        ],
        Date.UTC(2026, 0, 1),
      ),
    );
    const files = unzipSync(concat(archive));
    expect(Object.keys(files)).toEqual(['a.csv', 'b.csv']);
    expect(new TextDecoder().decode(files['a.csv'])).toBe('x,y\r\n1,2\r\n');
    expect(new TextDecoder().decode(files['b.csv'])).toBe('only\r\n');
  });
});
