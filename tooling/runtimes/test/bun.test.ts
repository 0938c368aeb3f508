// Bun, the packages from node_modules, served by Bun.serve.
import { inject } from 'vitest';
import { sampleRunner, startBunApp } from './support/apps';
import { describeRuntime } from './support/checks';
import { MATRIX_PACKAGES } from './support/matrix';

const matrix = inject('matrix');

describeRuntime('Bun', {
  runtime: /^bun 1\./,
  packages: MATRIX_PACKAGES,
  project: matrix.project,
  start: () => startBunApp(matrix.project, matrix.bun),
  mockNode: matrix.nodeCurrent,
  runSample: sampleRunner(matrix.project, matrix.bun, [], '.mts'),
});
