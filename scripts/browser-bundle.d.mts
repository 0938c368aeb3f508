/** Bundles `entry` for the browser; `imported` lists every Node built-in it reached. */
export function bundleForBrowser(entry: string): Promise<{ imported: string[]; code: string }>;
