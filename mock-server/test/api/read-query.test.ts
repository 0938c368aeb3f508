import { describe, expect, it } from 'vitest';
import { readQuery } from '../../src/api/query';
import { Random } from '../../src/engine/kernel/random';

/** What readQuery answered before its split without decoding: URLSearchParams for every query. */
function byUrlSearchParams(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

describe('readQuery', () => {
  it('reads every query string as URLSearchParams does, whether or not it has escapes to decode', () => {
    const random = new Random('read-query');
    // Separators, escapes, plus signs, bytes above 0x7f as Node hands them over (latin1), and text.
    const pieces = [
      '&',
      '=',
      '%',
      '%20',
      '%zz',
      '+',
      'a',
      'limit',
      '10',
      'é',
      '\u00ff',
      '?',
      ';',
      '==',
      '&&',
    ];
    const cases = ['', 'limit=10', 'limit=10&offset=5', 'a&b=&=c', 'x=1&x=2&x=3', 'q=a+b', 'q=%C3%A9'];
    for (let i = 0; i < 3000; i++) {
      cases.push(Array.from({ length: random.int(1, 8) }, () => random.pick(pieces)).join(''));
    }
    for (const search of cases) expect(readQuery(search), search).toEqual(byUrlSearchParams(search));
  });
});
