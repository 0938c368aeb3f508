/** What the HTML comment above a code block says about it; see readme-snippet.mjs. */
export type SampleMarker =
  | { kind: 'skip'; reason: string }
  | { kind: 'file'; path: string }
  | { kind: 'tested by'; path: string }
  | { kind: 'only'; reason: string };

/** A fenced code block of a Markdown text. */
export interface CodeSample {
  /** The word after the opening fence, such as `ts` or `sh`; empty when there is none. */
  lang: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  marker: SampleMarker | undefined;
}

/** Languages of the blocks that are code samples to run or mark. */
export const SAMPLE_LANGUAGES: string[];

/** Every fenced code block of `markdown`, with the marker above it. Throws on a marker it cannot read. */
export function codeSamples(markdown: string): CodeSample[];

/** The languages of a sample group, in the order their blocks stand: ts, python, php, ruby. */
export const GROUP_LANGUAGES: readonly ['ts', 'python', 'php', 'ruby'];

/** The language of GROUP_LANGUAGES a fence's info string names (`typescript` is `ts`), or undefined. */
export function groupLanguageOf(lang: string): (typeof GROUP_LANGUAGES)[number] | undefined;

/** A run of blocks in GROUP_LANGUAGES with only blank lines between them; `line` is its first block's. */
export interface SampleRun {
  line: number;
  samples: CodeSample[];
}

/** Every run of blocks in GROUP_LANGUAGES of `markdown`; a block that stands alone is a run of one. */
export function sampleGroups(markdown: string): SampleRun[];

/** Whether `run` holds each language of GROUP_LANGUAGES once, in that order. */
export function isCompleteGroup(run: SampleRun): boolean;

/** The values the `// ` comments after `console.log(...)` promise, in order; `…` stands for any text. */
export function expectedOutput(code: string): string[];

/** The expected lines not found in `printed` in that order (each after the one before). */
export function missingOutput(printed: string[], expected: string[]): string[];

/**
 * Runs `code` from a file in `dir` with Node (`ext` `.mts` strips TypeScript types), or with
 * `command args <file>` (another Node, Deno, Bun); rejects on a non-zero exit.
 */
export function runSnippet(
  code: string,
  options: {
    dir: string;
    ext?: string;
    env?: Record<string, string | undefined>;
    timeout?: number;
    name?: string;
    command?: string;
    args?: string[];
  },
): Promise<{ printed: string[]; stderr: string }>;

/** Runs the first ```ts block of `packageDir`/README.md with Node; see readme-snippet.mjs. */
export function runReadmeSnippet(
  packageDir: string,
  options?: { env?: Record<string, string> },
): Promise<{ code: string; printed: string[]; expected: string[] }>;
