import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CodeSample, codeSamples, SAMPLE_LANGUAGES } from '../../../scripts/readme-snippet.mjs';

/** The repository root, ending in `/`. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A Markdown file of the repository and its code samples (ts and js blocks). */
export interface MarkdownFile {
  /** Path from the repository root. */
  file: string;
  text: string;
  samples: CodeSample[];
}

/**
 * The Markdown files whose code samples must run in a test or say why not: the guides in docs/
 * and every README. The api.md files are left out: they list signatures, not programs.
 */
export function markdownFiles(): MarkdownFile[] {
  const files = ['README.md', 'mock-server/README.md'];
  for (const name of readdirSync(`${REPO_ROOT}docs`).sort())
    if (name.endsWith('.md')) files.push(`docs/${name}`);
  for (const folder of ['packages', 'examples']) {
    for (const name of readdirSync(`${REPO_ROOT}${folder}`).sort()) {
      if (existsSync(`${REPO_ROOT}${folder}/${name}/README.md`)) files.push(`${folder}/${name}/README.md`);
    }
  }
  return files.map((file) => {
    const text = readFileSync(`${REPO_ROOT}${file}`, 'utf8');
    return {
      file,
      text,
      samples: codeSamples(text).filter((sample) => SAMPLE_LANGUAGES.includes(sample.lang)),
    };
  });
}

/**
 * Options of the `rankquill-mock serve` the samples of a file run against, from a
 * `<!-- sample server: ... -->` comment (such as `--clock real`); the manual clock otherwise.
 */
export function serverArgsOf(markdown: string): string[] {
  const args = /<!--\s*sample server:\s*(.*?)\s*-->/.exec(markdown)?.[1]?.split(/\s+/) ?? [];
  return [
    '--port',
    '0',
    '--db',
    ':memory:',
    ...(args.includes('--clock') ? [] : ['--clock', 'manual']),
    ...args,
  ];
}
