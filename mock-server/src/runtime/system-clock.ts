import type { Clock } from '../engine/clock';

/** Real time, for `serve --clock real`. */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}
