// Node 24 (the current release line), with `import` and with `require`.
import { inject } from 'vitest';
import { sampleRunner, startNodeApp } from './support/apps';
import { describeRuntime } from './support/checks';
import { MATRIX_PACKAGES } from './support/matrix';

const matrix = inject('matrix');

for (const format of ['esm', 'cjs'] as const) {
  describeRuntime(`Node ${process.versions.node.split('.')[0]}, ${format}`, {
    runtime: /^node 24\./,
    packages: MATRIX_PACKAGES,
    project: matrix.project,
    start: () => startNodeApp(matrix.project, matrix.nodeCurrent, format, MATRIX_PACKAGES),
    mockNode: matrix.nodeCurrent,
    store: 'sqlite',
    runSample: format === 'esm' ? sampleRunner(matrix.project, matrix.nodeCurrent, [], '.mts') : undefined,
  });
}
