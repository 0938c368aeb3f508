/** A hand-written file over the limit and its length. */
export interface LongFile {
  path: string;
  lines: number;
}
export const MAX_LINES: number;
export function isHandWrittenSourcePath(path: string): boolean;
export function saysGenerated(text: string): boolean;
export function lineCount(text: string): number;
export function longFiles(root: string, max?: number): LongFile[];
export function describeLongFiles(files: LongFile[], max?: number): string[];
