import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src/engine/ai-visibility/answer-analysis';
import {
  citedUrls,
  domainOf,
  findUrls,
  hostOf,
  isOnDomain,
} from '../../../src/engine/ai-visibility/citation-extraction';

const DOMAIN = 'northwind-coffee.example';

describe('findUrls', () => {
  it('finds http, https and www. URLs with their offsets and hosts', () => {
    const text = 'See [the guide](https://www.example.com/guide), or www.example.org.';
    expect(findUrls(text)).toEqual([
      { url: 'https://www.example.com/guide', offset: 16, host: 'www.example.com' },
      { url: 'www.example.org', offset: 51, host: 'www.example.org' },
    ]);
  });

  it('strips trailing punctuation and unbalanced closing brackets, keeping balanced ones', () => {
    const text = [
      'Read https://a.example/guide. Then https://a.example/faq, https://a.example/q?x=1;',
      '(see https://a.example/paren) and https://en.wikipedia.org/wiki/Coffee_(drink).',
      '"https://a.example/quoted" <https://a.example/angle> **https://a.example/bold**',
      '[1]: https://a.example/ref… and https://a.example/a?b=c&d=e#frag!',
    ].join('\n');
    expect(citedUrls(text)).toEqual([
      'https://a.example/guide',
      'https://a.example/faq',
      'https://a.example/q?x=1',
      'https://a.example/paren',
      'https://en.wikipedia.org/wiki/Coffee_(drink)',
      'https://a.example/quoted',
      'https://a.example/angle',
      'https://a.example/bold',
      'https://a.example/ref',
      'https://a.example/a?b=c&d=e#frag',
    ]);
  });

  it('ignores schemes and www. inside other words, and candidates without a host', () => {
    expect(
      citedUrls('xhttps://a.example/x foo.www.a.example me@www.a.example http:// https://localhost/'),
    ).toEqual([]);
  });

  it('lists each URL once, in order of first appearance', () => {
    expect(citedUrls('https://b.example/ https://a.example/ https://b.example/')).toEqual([
      'https://b.example/',
      'https://a.example/',
    ]);
  });
});

describe('isOnDomain', () => {
  it.each([
    ['https://northwind-coffee.example/brew', true],
    ['http://northwind-coffee.example', true],
    ['https://www.northwind-coffee.example/a', true],
    ['https://blog.northwind-coffee.example/a', true],
    ['https://NORTHWIND-COFFEE.EXAMPLE/Path', true],
    ['https://northwind-coffee.example:8443/x', true],
    ['www.northwind-coffee.example/guide', true],
    ['https://evil-northwind-coffee.example/', false],
    ['https://northwind-coffee.example.attacker.com/', false],
    ['https://northwind-coffee.example@attacker.com/', false],
    ['https://attacker.com/northwind-coffee.example', false],
    ['https://attacker.com/?u=https://northwind-coffee.example', false],
    ['https://northwind-coffee.examples/', false],
    ['https://coffee.example/', false],
  ])('%s on northwind-coffee.example: %s', (url, expected) => {
    expect(isOnDomain(url, DOMAIN)).toBe(expected);
  });

  it('ignores a leading www. and a trailing dot of the project domain', () => {
    expect(isOnDomain('https://northwind-coffee.example/', 'www.northwind-coffee.example')).toBe(true);
    expect(isOnDomain('https://northwind-coffee.example./x', 'northwind-coffee.example.')).toBe(true);
    expect(isOnDomain('https://example/', '')).toBe(false);
  });
});

describe('hostOf and domainOf', () => {
  it('read the host as the URL parser does', () => {
    expect(hostOf('https://WWW.Example.com:8443/a')).toBe('www.example.com');
    expect(hostOf('https://a.example@b.example/')).toBe('b.example');
    expect(hostOf('not a url')).toBeUndefined();
    expect(domainOf('https://www.example.com/a')).toBe('example.com');
    expect(domainOf('https://blog.example.com/a')).toBe('blog.example.com');
  });
});

describe('analyzeAnswer', () => {
  const project = {
    name: 'Northwind Coffee',
    domain: DOMAIN,
    brand_names: ['Northwind Coffee', 'Northwind'],
  };

  it('finds mentions, every citation and the project citations of a hand-written answer', () => {
    const text = [
      'For cold brew, **northwind coffee** is a favourite [1].',
      'Avoid evil-northwind-coffee.example clones.',
      'Sources: https://www.northwind-coffee.example/cold-brew, https://evil-northwind-coffee.example/x,',
      'https://northwind-coffee.example.attacker.com/y and https://blog.northwind-coffee.example/z.',
    ].join('\n');
    const analysis = analyzeAnswer(text, project);
    expect(analysis.mentioned).toBe(true);
    expect(
      analysis.mentions.map((mention) => [mention.brand, mention.matched_text, mention.position]),
    ).toEqual([['Northwind Coffee', 'northwind coffee', 1]]);
    expect(analysis.cited_urls).toEqual([
      'https://www.northwind-coffee.example/cold-brew',
      'https://evil-northwind-coffee.example/x',
      'https://northwind-coffee.example.attacker.com/y',
      'https://blog.northwind-coffee.example/z',
    ]);
    expect(analysis.project_citations).toEqual([
      'https://www.northwind-coffee.example/cold-brew',
      'https://blog.northwind-coffee.example/z',
    ]);
  });

  it('reports a citation without a mention, and uses the project name when brand_names is empty', () => {
    const cited = analyzeAnswer('Good guides: https://northwind-coffee.example/guides', project);
    expect(cited).toMatchObject({ mentioned: false, mentions: [], project_citations: [expect.any(String)] });
    const byName = analyzeAnswer('I like Northwind Coffee.', { ...project, brand_names: [] });
    expect(byName.mentioned).toBe(true);
  });
});
