import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';

/** What `console.error(value)` prints, captured from a real Console. */
export function consoleErrorOutput(value: unknown): string {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  new Console({ stdout: sink, stderr: sink }).error(value);
  return text;
}

/**
 * Every way an error is commonly shown or shipped: `console.error`, `util.inspect` with hidden
 * properties and no depth limit, `JSON.stringify`, `String` and the stack, for the error and for
 * each cause under it.
 */
export function everyViewOf(error: unknown): string[] {
  const views: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    views.push(
      consoleErrorOutput(current),
      inspect(current, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
      JSON.stringify(current) ?? '',
      String(current),
      String((current as { stack?: unknown }).stack ?? ''),
    );
    current = (current as { cause?: unknown }).cause;
  }
  return views;
}
