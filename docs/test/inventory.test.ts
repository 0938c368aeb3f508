import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownFiles, REPO_ROOT } from './support/markdown-files';

const files = markdownFiles();
const samples = files.flatMap(({ file, samples }) => samples.map((sample) => ({ file, ...sample })));
const where = (sample: { file: string; line: number }) => `${sample.file}:${sample.line}`;

describe('code samples of the guides and READMEs', () => {
  it('each runs in a test, or its marker names the test, the file it copies, or why it does not run', () => {
    const counts = { run: 0, file: 0, testedBy: 0, skipped: 0, onlyOneLanguage: 0 };
    const problems: string[] = [];
    for (const sample of samples) {
      const marker = sample.marker;
      if (marker === undefined) {
        counts.run++; // by samples.test.ts
      } else if (marker.kind === 'only') {
        counts.onlyOneLanguage++; // runs in samples.test.ts, with no counterpart in the other languages
        if (marker.reason.length < 20) problems.push(`${where(sample)}: say why no other language has it`);
      } else if (marker.kind === 'skip') {
        counts.skipped++;
        if (marker.reason.length < 20) problems.push(`${where(sample)}: say why it does not run`);
      } else if (marker.kind === 'file') {
        counts.file++;
        const copied = `${REPO_ROOT}${marker.path}`;
        if (!existsSync(copied)) problems.push(`${where(sample)}: ${marker.path} does not exist`);
        else if (readFileSync(copied, 'utf8') !== sample.code)
          problems.push(`${where(sample)}: differs from ${marker.path}; copy the file again`);
      } else {
        counts.testedBy++;
        const test = `${REPO_ROOT}${marker.path}`;
        const reads = (text: string) => /README|runReadmeSnippet/.test(text) || text.includes(sample.file);
        if (!existsSync(test) || !reads(readFileSync(test, 'utf8')))
          problems.push(`${where(sample)}: ${marker.path} is not a test that reads ${sample.file}`);
      }
    }
    expect(problems).toEqual([]);
    expect(counts.run).toBeGreaterThan(0);
    // Deliberate: a new sample that does not run changes this number, in plain sight of the reviewer.
    expect(counts.skipped, JSON.stringify(counts)).toBe(7);
    expect(counts.onlyOneLanguage, JSON.stringify(counts)).toBe(3);
  });

  it('links every guide from the README', () => {
    const readme = readFileSync(`${REPO_ROOT}README.md`, 'utf8');
    const guides = files.map(({ file }) => file).filter((file) => file.startsWith('docs/'));
    expect(guides.filter((guide) => !readme.includes(`](${guide})`))).toEqual([]);
  });
});
