// What the global setup (../setup.ts) prepares and hands to every test file through `inject`.

/** The published packages the matrix runs on every runtime (the contract: what the others load of it). */
export const MATRIX_PACKAGES = ['contract', 'sdk', 'public-articles', 'webhooks'] as const;
export type MatrixPackage = (typeof MATRIX_PACKAGES)[number];

export interface NodeFloor {
  /** The exact lowest version some package's `engines` admits, such as `22.0.0`. */
  version: string;
  bin: string;
  /** The packages whose floor is at or below this version: all of them load on it. */
  packages: MatrixPackage[];
}

export interface Matrix {
  /** The consumer project: the packed packages installed with npm, the app and its entries. */
  project: string;
  /** `engines.node` of each published package, by package name. */
  engines: Record<string, string>;
  /** The floor of `@rankquill/mock-server` (its `engines`), which every bin must name. */
  mockServerFloor: string;
  nodeFloors: NodeFloor[];
  nodeCurrent: string;
  /** A Node older than every floor (20), with its version. */
  nodeTooOld: { bin: string; version: string };
  deno: string;
  bun: string;
  /** node_modules of wrangler, edge-runtime, esbuild and TypeScript. */
  tools: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    matrix: Matrix;
  }
}

/** The exact lowest version of an `engines.node` lower bound: `>=22` is `22.0.0`. */
export function floorOf(range: string | undefined): string {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec((range ?? '').trim());
  if (!match) {
    throw new Error(
      `engines.node "${range}" is not a lower bound such as ">=22.13": the matrix proves the lowest version a package admits.`,
    );
  }
  return `${match[1]}.${match[2] ?? 0}.${match[3] ?? 0}`;
}

/** Compares two `x.y.z` versions. */
export function compareVersions(a: string, b: string): number {
  const [pa, pb] = [a, b].map((version) => version.split('.').map(Number));
  for (let index = 0; index < 3; index++) {
    const difference = (pa?.[index] ?? 0) - (pb?.[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
