/** Runs the first ```ts block of `packageDir`/README.md with Node; see readme-snippet.mjs. */
export function runReadmeSnippet(
  packageDir: string,
  options?: { env?: Record<string, string> },
): Promise<{ code: string; printed: string[]; expected: string[] }>;
