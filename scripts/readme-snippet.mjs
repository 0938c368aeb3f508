// Test helpers for the code samples of Markdown files (READMEs and the guides in docs/):
// - `codeSamples` lists the fenced code blocks of a Markdown text with the marker written above each;
// - `runSnippet` runs one as an ES module in a given folder (so the packages installed there resolve),
//   without blocking the caller's event loop, and answers the printed lines;
// - `expectedOutput` reads the values the `// ` comments after `console.log(...)` promise, and
//   `missingOutput` says which of them were not printed;
// - `runReadmeSnippet` runs the first ```ts block of a package's README inside that package.
//
// A marker is an HTML comment on the lines just above a block, invisible once rendered:
//   <!-- sample skip: <reason> -->         deliberately not run (a fragment); the reason is required
//   <!-- sample file: <path> -->           the block is that file word for word, and that file runs in its package's tests
//   <!-- sample tested by: <path> -->      the block runs in that test file (a package's README test)
//   <!-- sample only: <reason> -->         runs as an unmarked block does, in its one language: the reason
//                                          says why the other languages have no counterpart (MSW is JavaScript's)
//
// A sample group (see `sampleGroups`) is the same program in every language of GROUP_LANGUAGES: fenced
// blocks one after another, in that order, with nothing but blank lines between them. GitHub shows them
// one under the other; the documentation site shows one at a time with a language switch; each language's
// test suite runs the blocks of its language.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Languages of the blocks that are code samples to run or mark. */
export const SAMPLE_LANGUAGES = ['ts', 'typescript', 'js', 'javascript', 'mjs', 'mts'];

const MARKER = /^<!--\s*sample (skip|file|tested by|only):\s*([\s\S]*?)\s*-->$/;

export function codeSamples(markdown) {
  const lines = markdown.split('\n');
  const samples = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^```(\w*)\s*$/.exec(lines[index] ?? '');
    if (!open) continue;
    const start = index;
    let end = index + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end++;
    const code = `${lines.slice(start + 1, end).join('\n')}\n`;
    samples.push({ lang: open[1] ?? '', code, line: start + 1, marker: markerAbove(lines, start) });
    index = end;
  }
  return samples;
}

function markerAbove(lines, fenceIndex) {
  let index = fenceIndex - 1;
  while (index >= 0 && (lines[index] ?? '').trim() === '') index--;
  const text = (lines[index] ?? '').trim();
  const match = MARKER.exec(text);
  if (!match) {
    if (text.startsWith('<!--') && /\bsample\b/.test(text)) {
      throw new Error(`line ${index + 1}: unreadable sample marker ${text}`);
    }
    return undefined;
  }
  const [, kind, value] = match;
  return kind === 'skip' || kind === 'only' ? { kind, reason: value } : { kind, path: value };
}

/** The languages of a sample group, in the order their blocks stand. */
export const GROUP_LANGUAGES = ['ts', 'python', 'php', 'ruby'];

/** The language of GROUP_LANGUAGES a fence's info string names, or undefined. */
export function groupLanguageOf(lang) {
  if (lang === 'ts' || lang === 'typescript') return 'ts';
  return GROUP_LANGUAGES.includes(lang) ? lang : undefined;
}

/**
 * The runs of code blocks of a Markdown text in GROUP_LANGUAGES that stand one after another with
 * only blank lines between them: each run is `{ line, samples }`, `line` being its first block's.
 * A block that stands alone is a run of one. A complete group holds every language once, in order.
 */
export function sampleGroups(markdown) {
  const lines = markdown.split('\n');
  const runs = [];
  let previousEnd = -1;
  for (const sample of codeSamples(markdown)) {
    if (groupLanguageOf(sample.lang) === undefined) {
      previousEnd = -1;
      continue;
    }
    const start = sample.line - 1;
    const between = previousEnd < 0 ? undefined : lines.slice(previousEnd + 1, start);
    const adjoins = between?.every((line) => line.trim() === '') === true;
    if (adjoins) runs[runs.length - 1].samples.push(sample);
    else runs.push({ line: sample.line, samples: [sample] });
    previousEnd = start + sample.code.split('\n').length;
  }
  return runs;
}

/** Whether a run of `sampleGroups` holds each language of GROUP_LANGUAGES once, in that order. */
export function isCompleteGroup(run) {
  return run.samples.map((sample) => groupLanguageOf(sample.lang)).join(' ') === GROUP_LANGUAGES.join(' ');
}

export function expectedOutput(code) {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((found) => found[1].trim());
}

export function missingOutput(printed, expected) {
  const missing = [];
  let from = 0;
  for (const line of expected) {
    const pattern = new RegExp(`^${line.split('…').map(escapeRegExp).join('.*?')}$`);
    const at = printed.findIndex((text, position) => position >= from && pattern.test(text));
    if (at === -1) missing.push(line);
    else from = at + 1;
  }
  return missing;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function runSnippet(
  code,
  { dir, ext = '.mjs', env = {}, timeout = 30_000, name = 'snippet', command = process.execPath, args = [] },
) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `.${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}${ext}`);
  writeFileSync(file, code);
  try {
    const { stdout, stderr } = await promisify(execFile)(command, [...args, file], {
      cwd: dir,
      env: { ...process.env, ...env },
      timeout,
    });
    return { printed: stdout.trim() === '' ? [] : stdout.trim().split('\n'), stderr };
  } finally {
    rmSync(file, { force: true });
  }
}

export async function runReadmeSnippet(packageDir, { env = {} } = {}) {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const first = codeSamples(readme).find((sample) => sample.lang === 'ts');
  if (!first) throw new Error(`no ts block in ${packageDir}/README.md`);
  const { printed } = await runSnippet(first.code, { dir: packageDir, env, name: 'readme-snippet' });
  return { code: first.code, printed, expected: expectedOutput(first.code) };
}
