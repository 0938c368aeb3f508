// Deno 2, the packages from node_modules, served without --allow-env.
import { inject } from 'vitest';
import { DENO_SAMPLE_ARGS, sampleRunner, startDenoApp } from './support/apps';
import { describeRuntime } from './support/checks';
import { MATRIX_PACKAGES } from './support/matrix';

const matrix = inject('matrix');

describeRuntime('Deno', {
  runtime: /^deno 2\./,
  packages: MATRIX_PACKAGES,
  project: matrix.project,
  start: () => startDenoApp(matrix.project, matrix.deno),
  mockNode: matrix.nodeCurrent,
  missingKeyHint: /The runtime refused to read RANKQUILL_(API_KEY|PUBLIC_API_KEY) .*--allow-env=/,
  runSample: sampleRunner(matrix.project, matrix.deno, DENO_SAMPLE_ARGS, '.mts'),
});
