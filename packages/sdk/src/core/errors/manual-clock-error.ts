import { RankquillError } from './rankquill-error';

/**
 * `content.createAndWait()` stopped waiting because the server runs a manual clock (a
 * `rankquill-mock serve --clock manual` in a test, or the MSW handlers): its time moves only
 * through `POST /__admin/clock/advance`, so waiting would never end. Advance the clock past the
 * item's `estimated_completion`, then retrieve it.
 *
 * @example
 * ```ts
 * try {
 *   await client.content.createAndWait(projectId, { keyword: 'cold brew ratio' });
 * } catch (error) {
 *   if (error instanceof ManualClockError) console.log(`advance the clock, then retrieve ${error.id}`);
 * }
 * ```
 */
export class ManualClockError extends RankquillError {
  override name = 'ManualClockError';

  constructor(
    /** Id of the item that is still generating. */
    readonly id: string,
  ) {
    super(
      `${id} is still generating, and the server runs a manual clock (it answers x-rankquill-clock: manual): its time moves only through POST /__admin/clock/advance, so waiting would never end. Advance the clock past estimated_completion, then retrieve ${id}.`,
    );
  }
}
