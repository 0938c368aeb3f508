// Cloudflare's workerd through `wrangler dev`, without nodejs_compat.
import { inject } from 'vitest';
import { startWorkerdApp } from './support/apps';
import { describeRuntime } from './support/checks';
import { MATRIX_PACKAGES } from './support/matrix';

const matrix = inject('matrix');

describeRuntime('workerd (wrangler dev, no nodejs_compat)', {
  runtime: /^workerd$/,
  packages: MATRIX_PACKAGES,
  project: matrix.project,
  start: () => startWorkerdApp(matrix.project, matrix.nodeCurrent, matrix.tools),
  mockNode: matrix.nodeCurrent,
});
