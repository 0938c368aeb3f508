import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runReadmeSnippet } from '../../scripts/readme-snippet.mjs';

it('runs the README in-process example and prints what its comments say', async () => {
  const { printed, expected } = await runReadmeSnippet(fileURLToPath(new URL('..', import.meta.url)));
  expect(expected).toEqual(['2']);
  expect(printed).toEqual(expected);
});
