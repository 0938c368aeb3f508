/**
 * The lowest Node whose `node:sqlite` works without a flag.
 */
export const NODE_SQLITE_VERSION = '22.13.0';

type NodeSqlite = typeof import('node:sqlite');

interface NodeProcess {
  version: string;
  emitWarning: (...args: unknown[]) => void;
  getBuiltinModule?: (id: string) => unknown;
}

/**
 * Loads Node's `node:sqlite` when it is first needed, not when a module imports it: Node 22
 * prints an `ExperimentalWarning` as it loads, which this keeps out of your output while every
 * other warning still prints. On a Node without it (before 22.13) it throws an `Error` that says,
 * in one line, which Node to install; `user` names what needed it.
 *
 * @example
 * ```ts
 * import { loadNodeSqlite } from '@rankquill/webhooks/sqlite';
 * const { DatabaseSync } = loadNodeSqlite('my cache');
 * const db = new DatabaseSync(':memory:');
 * ```
 */
export function loadNodeSqlite(user: string): NodeSqlite {
  const node = (globalThis as { process?: NodeProcess }).process;
  const sqlite = node?.getBuiltinModule ? withoutSqliteWarning(node, () => builtin(node)) : undefined;
  if (sqlite === undefined) {
    throw new Error(
      `${user} needs node:sqlite, which Node.js ${NODE_SQLITE_VERSION} and later have, and this is ${node ? `Node.js ${node.version.replace(/^v/, '')}` : 'not Node.js'}: install a current Node.js from https://nodejs.org/en/download (or \`nvm install 24\`).`,
    );
  }
  return sqlite;
}

function builtin(node: NodeProcess): NodeSqlite | undefined {
  try {
    return node.getBuiltinModule?.('node:sqlite') as NodeSqlite | undefined;
  } catch {
    // Node 22.5 to 22.12 without --experimental-sqlite: no such module.
    return undefined;
  }
}

/** Runs `load` with Node's own SQLite ExperimentalWarning swallowed, and only that one. */
function withoutSqliteWarning<T>(node: NodeProcess, load: () => T): T {
  const emitWarning = node.emitWarning;
  node.emitWarning = (warning: unknown, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : (warning as Error | undefined)?.message;
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === 'ExperimentalWarning' && /sqlite/i.test(text ?? '')) return;
    emitWarning.call(node, warning, ...rest);
  };
  try {
    return load();
  } finally {
    node.emitWarning = emitWarning;
  }
}
