// Each package on the exact lowest Node its `engines` admits (22.0.0 for `>=22`), with
// `import` and with `require`. The mock server runs on the same Node, with its SQLite store,
// when that Node is at or above the mock server's own floor.
import { inject } from 'vitest';
import { sampleRunner, startNodeApp } from './support/apps';
import { describeRuntime } from './support/checks';
import { compareVersions } from './support/matrix';
import { expectNoSqliteWarning } from './support/warnings';

const matrix = inject('matrix');

for (const floor of matrix.nodeFloors) {
  const mockOnFloor = compareVersions(floor.version, matrix.mockServerFloor) >= 0;
  for (const format of ['esm', 'cjs'] as const) {
    const webhooks = floor.packages.includes('webhooks');
    describeRuntime(`Node ${floor.version}, ${format} (the floor of ${floor.packages.join(', ')})`, {
      runtime: new RegExp(`^node ${floor.version.replaceAll('.', '\\.')}$`),
      packages: floor.packages,
      project: matrix.project,
      start: () => startNodeApp(matrix.project, floor.bin, format, floor.packages),
      mockNode: mockOnFloor ? floor.bin : matrix.nodeCurrent,
      mockDb: mockOnFloor ? 'sqlite' : ':memory:',
      store: webhooks ? 'sqlite' : 'memory',
      runSample: format === 'esm' ? sampleRunner(matrix.project, floor.bin, [], '.mjs') : undefined,
      more: webhooks ? (context) => expectNoSqliteWarning(context, mockOnFloor) : undefined,
    });
  }
}
