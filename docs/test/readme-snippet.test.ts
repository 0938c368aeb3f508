import { describe, expect, it } from 'vitest';
import { codeSamples, expectedOutput, missingOutput } from '../../scripts/readme-snippet.mjs';

describe('codeSamples', () => {
  it('reads each fenced block with its language, line and the marker above it', () => {
    const markdown = [
      '# Title',
      '',
      '```ts',
      'run();',
      '```',
      '',
      '<!-- sample skip: a fragment of the app above -->',
      '',
      '```js',
      'fragment();',
      '```',
      '<!-- sample file: examples/x/src/a.ts -->',
      '```ts',
      'copy();',
      '```',
      '<!-- sample tested by: packages/x/test/readme.test.ts -->',
      '```ts',
      'tested();',
      '```',
      '```sh',
      'ls',
      '```',
    ].join('\n');
    expect(codeSamples(markdown)).toEqual([
      { lang: 'ts', code: 'run();\n', line: 3, marker: undefined },
      {
        lang: 'js',
        code: 'fragment();\n',
        line: 9,
        marker: { kind: 'skip', reason: 'a fragment of the app above' },
      },
      { lang: 'ts', code: 'copy();\n', line: 13, marker: { kind: 'file', path: 'examples/x/src/a.ts' } },
      {
        lang: 'ts',
        code: 'tested();\n',
        line: 17,
        marker: { kind: 'tested by', path: 'packages/x/test/readme.test.ts' },
      },
      { lang: 'sh', code: 'ls\n', line: 20, marker: undefined },
    ]);
  });

  it('refuses a marker it cannot read, rather than running the block', () => {
    expect(() => codeSamples('<!-- sample skipped because -->\n```ts\nx();\n```\n')).toThrow(/line 1/);
  });
});

describe('expected output', () => {
  const code = [
    'console.log(a); // 2 true',
    'console.log(b, c); // cnt_… draft',
    '// a plain comment',
    'console.log(d);',
  ].join('\n');

  it('reads the comments after console.log calls', () => {
    expect(expectedOutput(code)).toEqual(['2 true', 'cnt_… draft']);
  });

  it('finds each expected line after the one before, with … standing for any text', () => {
    expect(missingOutput(['noise', '2 true', 'cnt_abc draft'], ['2 true', 'cnt_… draft'])).toEqual([]);
    expect(missingOutput(['cnt_abc draft', '2 true'], ['2 true', 'cnt_… draft'])).toEqual(['cnt_… draft']);
    expect(missingOutput(['2 true', 'cnt_abc published'], ['2 true', 'cnt_… draft'])).toEqual([
      'cnt_… draft',
    ]);
    expect(missingOutput(['2 (true)'], ['2 (true)'])).toEqual([]);
    expect(missingOutput(['2 xtrue'], ['2 .true'])).toEqual(['2 .true']);
  });
});
