/** The seeded random run every language's suite makes: its seed and how many inputs. */
export const RANDOM_HTML_RUN: { seed: number; count: number };
/** `count` hostile HTML inputs, the same for the same `seed`. */
export function randomHostileHtml(seed: number, count: number): string[];
