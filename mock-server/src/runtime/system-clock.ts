import type { Clock } from '../engine/kernel/clock';

/** Real time, for `serve --clock real`. */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}
