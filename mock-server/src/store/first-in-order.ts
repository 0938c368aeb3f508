/**
 * The first `count` of `rows` in the order of `compare`, as a stable sort would give them,
 * without sorting the rest: each row is compared with the last kept one, and only a row that
 * comes before it is inserted.
 *
 * @example
 * firstInOrder([5, 1, 4, 1, 3], 2, (a, b) => a - b); // [1, 1]
 */
export function firstInOrder<T>(rows: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  if (count === 0) return kept;
  for (const row of rows) {
    const last = kept[kept.length - 1];
    if (kept.length === count && last !== undefined && compare(row, last) >= 0) continue;
    // After every equal row already kept: equal rows stay in the order they came.
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle] as T, row) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, row);
    if (kept.length > count) kept.pop();
  }
  return kept;
}
