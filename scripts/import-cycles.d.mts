/** Module graph: a node -> the nodes it imports. */
export type ImportGraph = Map<string, Set<string>>;
export function pythonGraph(packageDir: string): ImportGraph;
export function phpGraph(sourceDirs: string[], prefix?: string): ImportGraph;
export function rubyGraph(libDir: string): ImportGraph;
export function findCycles(graph: ImportGraph): string[][];
export function repositoryCycles(repo: string): { python: string[][]; php: string[][]; ruby: string[][] };
