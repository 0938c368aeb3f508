/** One operation as every client calls it; see operation-table.mjs. */
export interface OperationRow {
  id: string;
  method: string;
  base: 'api' | 'public-article-api' | 'server';
  path: string;
  pathParams: string[];
  query: string[];
  body: string[];
  idempotent: boolean;
  paginated: boolean;
  file: boolean;
  client: 'main' | 'public-articles' | 'testing' | 'none';
}
export function operationTable(model: unknown): OperationRow[];
export function snakeCase(name: string): string;
export function renamePlaceholders(path: string, rename: (name: string) => string): string;
export function policyConstantsInSeconds(
  policy: Record<string, unknown>,
): Array<{ name: string; value: unknown; path: string }>;
