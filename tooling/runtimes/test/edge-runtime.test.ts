// Vercel's edge-runtime, the app bundled with the edge-light condition.
import { inject } from 'vitest';
import { startEdgeApp } from './support/apps';
import { describeRuntime } from './support/checks';
import { MATRIX_PACKAGES } from './support/matrix';

const matrix = inject('matrix');

describeRuntime('edge-runtime', {
  runtime: /^edge-runtime$/,
  packages: MATRIX_PACKAGES,
  project: matrix.project,
  start: () => startEdgeApp(matrix.project, matrix.nodeCurrent, matrix.tools),
  mockNode: matrix.nodeCurrent,
});
