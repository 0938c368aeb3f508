import { InvalidRequestError } from '../engine/index';

/**
 * Query parameters as an adapter reads them: a parameter given more than once keeps every value.
 * An object without a prototype, so `constructor` or `__proto__` is what was sent, or absent.
 */
export type RawQuery = Record<string, string | string[]>;

/**
 * Reads a query string (without its `?`) the way every adapter does, with the WHATWG rules
 * (`+` is a space, percent escapes decoded), into an object without a prototype: a parameter
 * named `constructor`, `toString` or `__proto__` is a parameter like any other.
 *
 * @example
 * ```ts
 * readQuery('limit=5&status=draft&status=published'); // { limit: '5', status: ['draft', 'published'] }
 * ```
 */
export function readQuery(search: string): RawQuery {
  const query = prototypeFree<RawQuery>();
  // A query with no `%` and no `+` has nothing to decode: it is split here, into the same pairs
  // as URLSearchParams gives (which drops one leading `?`), without the parser's cost.
  if (search.includes('%') || search.includes('+')) {
    for (const [name, value] of new URLSearchParams(search)) addValue(query, name, value);
    return query;
  }
  const text = search.charCodeAt(0) === 0x3f ? search.slice(1) : search;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) {
      const mark = text.indexOf('=', start);
      if (mark < 0 || mark > end) addValue(query, text.slice(start, end), '');
      else addValue(query, text.slice(start, mark), text.slice(mark + 1, end));
    }
    start = end + 1;
  }
  return query;
}

function addValue(query: RawQuery, name: string, value: string): void {
  const seen = query[name];
  if (seen === undefined) query[name] = value;
  else query[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
}

/**
 * An empty object without a prototype. `Object.create(null)` makes one that V8 keeps as a
 * dictionary, several times slower to fill and to walk than an object whose prototype is set to
 * null afterwards (a request's query is filled and walked on every request).
 */
function prototypeFree<T extends object>(): T {
  return Object.setPrototypeOf({}, null) as T;
}

/** An integer in decimal digits; a minus sign is left for the range check to refuse with its own message. */
const DECIMAL = /^-?[0-9]+$/;

/**
 * One value per parameter the operation reads (`known`; others are dropped), or a 400 naming
 * the parameter: given twice, given empty, or, for an
 * integer parameter, written other than in decimal digits (`0x10`, `1e1`, `+5` and `10.0` are
 * not read as numbers). This is the syntax of every query; ranges are checked later, with the
 * operation's own messages, and only where the parameter applies.
 *
 * @example
 * ```ts
 * checkQuery({ limit: '10', utm: '' }, new Set(['limit']), new Set(['limit'])); // { limit: '10' }
 * checkQuery({ limit: '0x10' }, new Set(['limit']), new Set(['limit'])); // throws: limit must be an integer written in decimal digits ...
 * ```
 */
export function checkQuery(
  query: RawQuery,
  known: ReadonlySet<string>,
  integers: ReadonlySet<string>,
): Record<string, string> {
  const checked = prototypeFree<Record<string, string>>();
  for (const [name, value] of Object.entries(query)) {
    if (!known.has(name)) continue;
    if (Array.isArray(value)) {
      throw new InvalidRequestError(`${name} was given ${value.length} times; give it once.`, name);
    }
    if (value === '') {
      throw new InvalidRequestError(`${name} is empty; give it a value or leave it out.`, name);
    }
    if (integers.has(name) && !DECIMAL.test(value)) {
      throw new InvalidRequestError(
        `${name} must be an integer written in decimal digits, such as ${name}=10; got ${JSON.stringify(value.slice(0, 40))}.`,
        name,
      );
    }
    checked[name] = value;
  }
  return checked;
}
