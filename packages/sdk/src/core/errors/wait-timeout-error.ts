import { RankquillError } from './rankquill-error';

/**
 * A `createAndWait` helper gave up: the item was still being worked on when its wait ran out.
 * @example
 * ```ts
 * try {
 *   await client.content.createAndWait('proj_123', { keyword: 'cold brew' }, { waitTimeout: 30_000 });
 * } catch (error) {
 *   if (error instanceof WaitTimeoutError) console.log(`${error.id} is still generating`);
 * }
 * ```
 */
export class WaitTimeoutError extends RankquillError {
  override name = 'WaitTimeoutError';

  constructor(
    /** Id of the item that is still being worked on; retrieve it later. */
    readonly id: string,
    waitedMs: number,
    /** What the item was still doing, such as `generating` (content) or `processing` (an export). */
    state = 'generating',
  ) {
    super(`${id} was still ${state} after ${waitedMs} ms. Retrieve it later, or pass a longer waitTimeout.`);
  }
}
