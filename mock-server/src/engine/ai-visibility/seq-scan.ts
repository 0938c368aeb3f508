import type { Condition, StoreReader } from '../../store/store';

const PAGE = 100;

/**
 * Every row of `table` matching `where` in the order it was added, fetched a page at a time.
 * Keyset paging on `seq`: rows added meanwhile can neither shift nor repeat what follows.
 */
export async function* scanBySeq<T extends { id: string; seq: number }>(
  store: Pick<StoreReader, 'find'>,
  table: string,
  where: Record<string, Condition>,
): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await store.find<T>(table, {
      where: { ...where, seq: { gt: after } },
      orderBy: [['seq', 'asc']],
      limit: PAGE,
    });
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) return;
    after = last.seq;
  }
}
