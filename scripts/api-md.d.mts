/** The packages' api.md files the root api.md is assembled from, relative to the repository root. */
export const API_MD_SOURCES: string[];
/** The root api.md, relative to the repository root. */
export const ROOT_API_MD: string;
/** The root api.md as it should read now; see api-md.mjs. */
export function assembleApiMd(): string;
