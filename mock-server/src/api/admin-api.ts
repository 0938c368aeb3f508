import { ClockAdvanceParams } from '@rankquill/contract';
import { isoTime } from '../engine/index';
import { parseInput } from '../engine/kernel/validation';
import type { OperationHandler } from './api-types';

/** Handlers of the admin and test routes (`/__admin`) and the health check. */
export const adminApiHandlers: Record<string, OperationHandler> = {
  'admin.accounts.create': ({ engine, body }) => engine.accounts.create(body),
  'admin.clock.retrieve': async ({ engine }) => ({ now: isoTime(engine.now()) }),
  'admin.clock.advance': async ({ engine, body }) => {
    const { seconds } = parseInput(ClockAdvanceParams, body);
    return { now: isoTime(await engine.advance(seconds)) };
  },
  'admin.reset': async ({ engine }) => {
    await engine.reset();
    return { reset: true };
  },
  health: async () => ({ status: 'ok' }),
};
