import { describe, expect, it } from 'vitest';
import { EXCERPT_MAX_LENGTH, findBrandMentions } from '../../../src/engine/ai-visibility/mention-detection';
import { sentenceSpans } from '../../../src/engine/ai-visibility/sentences';

const NORTHWIND = ['Northwind Coffee'];

/** The brands and matched words of every mention, for compact expectations. */
function found(text: string, brands: readonly string[] = NORTHWIND) {
  return findBrandMentions(text, brands).map((mention) => [mention.brand, mention.matched_text]);
}

describe('findBrandMentions', () => {
  it('finds a brand ignoring case and accents, and keeps the words as the answer wrote them', () => {
    expect(found('Try NORTHWIND COFFEE, northwind coffee or Nörthwind Cöffee.')).toEqual([
      ['Northwind Coffee', 'NORTHWIND COFFEE'],
      ['Northwind Coffee', 'northwind coffee'],
      ['Northwind Coffee', 'Nörthwind Cöffee'],
    ]);
    // Accents on the configured name are ignored too, and decomposed accents in the text count.
    expect(found('Cafe Noir and CAFÉ NOIR and Cafe\u0301 Noir.', ['Café Noir'])).toEqual([
      ['Café Noir', 'Cafe Noir'],
      ['Café Noir', 'CAFÉ NOIR'],
      ['Café Noir', 'Cafe\u0301 Noir'],
    ]);
  });

  it('matches whole words only, never inside another word', () => {
    expect(found('SuperNorthwind Coffee, Northwind Coffees and Northwind Coffee2 are not it.')).toEqual([]);
    expect(found('Ask Northwind, or northwind.', ['Northwind'])).toEqual([
      ['Northwind', 'Northwind'],
      ['Northwind', 'northwind'],
    ]);
    expect(found('Northwinds and Northwind_ and xNorthwind', ['Northwind'])).toEqual([]);
    // Joined to another word by a hyphen, a dot or @: a compound, a host name, an e-mail address.
    expect(
      found('evil-northwind, northwind-clone, shop.northwind.example, northwind.com, hi@northwind', [
        'Northwind',
      ]),
    ).toEqual([]);
    expect(found('Visit evil-northwind-coffee.example, not Northwind Coffee-branded shops.')).toEqual([]);
    // A hyphen, dot or @ that joins nothing is punctuation.
    expect(found('Northwind - a shop. Try Northwind. @Northwind says hi', ['Northwind'])).toHaveLength(3);
    // A possessive or surrounding punctuation ends the word.
    expect(found('"Northwind Coffee\'s" guide (Northwind Coffee) **Northwind Coffee**!')).toHaveLength(3);
  });

  it('lets the words of a multi-word brand be split by any spaces, a line break or a hyphen', () => {
    expect(
      found('Northwind   Coffee, Northwind\nCoffee, Northwind-Coffee and Northwind\u00a0Coffee'),
    ).toHaveLength(4);
    expect(found('NorthwindCoffee and Northwind, Coffee')).toEqual([]);
  });

  it('matches brands with punctuation literally, without treating it as a pattern', () => {
    expect(found("Ben & Jerry's and Ben & Jerry’s, not Ben and Jerry's", ["Ben & Jerry's"])).toEqual([
      ["Ben & Jerry's", "Ben & Jerry's"],
      ["Ben & Jerry's", 'Ben & Jerry’s'],
    ]);
    expect(found('C++ Labs and C+++ Labs and CXX Labs', ['C++ Labs'])).toEqual([['C++ Labs', 'C++ Labs']]);
    expect(found('Brew (Co.) is not Brew Co.', ['Brew (Co.)'])).toEqual([['Brew (Co.)', 'Brew (Co.)']]);
    expect(found('A.B. and AxB', ['A.B.'])).toEqual([['A.B.', 'A.B.']]);
  });

  it('does not count brand words inside URLs: those are citations', () => {
    expect(
      found('See https://northwind-coffee.example/northwind-coffee and www.northwind-coffee.example.', [
        'Northwind Coffee',
        'northwind-coffee',
      ]),
    ).toEqual([]);
    expect(found('Northwind Coffee (https://northwind-coffee.example)')).toEqual([
      ['Northwind Coffee', 'Northwind Coffee'],
    ]);
  });

  it('lets the longest brand win where brand names overlap, counting each stretch once', () => {
    const mentions = findBrandMentions('Northwind Coffee and Northwind alone.', [
      'Northwind',
      'Northwind Coffee',
    ]);
    expect(mentions.map((mention) => [mention.brand, mention.offset])).toEqual([
      ['Northwind Coffee', 0],
      ['Northwind', 21],
    ]);
    // The same name twice, or a blank one, changes nothing.
    expect(found('Northwind Coffee.', ['Northwind Coffee', 'northwind coffee', '  '])).toHaveLength(1);
  });

  it('gives the offset, the sentence number and the sentence as the excerpt', () => {
    const text = [
      'Here are some picks for cold brew.',
      '',
      '1. **Brightwater**: good value.',
      '2. **Northwind Coffee**: clear guides. Also try Copperline.',
      '',
      'Many people like northwind coffee! Sources: https://x.example/a.',
    ].join('\n');
    const mentions = findBrandMentions(text, NORTHWIND);
    expect(mentions).toEqual([
      {
        brand: 'Northwind Coffee',
        matched_text: 'Northwind Coffee',
        excerpt: '**Northwind Coffee**: clear guides.',
        position: 3,
        offset: text.indexOf('Northwind Coffee'),
      },
      {
        brand: 'Northwind Coffee',
        matched_text: 'northwind coffee',
        excerpt: 'Many people like northwind coffee!',
        position: 5,
        offset: text.indexOf('northwind coffee'),
      },
    ]);
  });

  it('keeps offsets true to the original text when folding changes lengths', () => {
    // U+0130 lower-cases to two code units; emoji take two; decomposed accents fold to nothing.
    const text = 'İİ 😀 e\u0301e\u0301 — NORTHWIND cöffee.';
    const [mention] = findBrandMentions(text, NORTHWIND);
    expect(mention?.offset).toBe(text.indexOf('NORTHWIND'));
    expect(mention?.matched_text).toBe('NORTHWIND cöffee');
  });

  it('cuts a long sentence around the mention', () => {
    const text = `${'word '.repeat(80)}Northwind Coffee ${'more '.repeat(80)}end.`;
    const [mention] = findBrandMentions(text, NORTHWIND);
    expect(mention?.excerpt).toContain('Northwind Coffee');
    expect(mention?.excerpt.startsWith('…')).toBe(true);
    expect(mention?.excerpt.endsWith('…')).toBe(true);
    expect(mention?.excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_LENGTH + 2);
  });

  it('finds nothing without brand names or text', () => {
    expect(findBrandMentions('Northwind Coffee', [])).toEqual([]);
    expect(findBrandMentions('', NORTHWIND)).toEqual([]);
  });
});

describe('sentenceSpans', () => {
  const sentences = (text: string) => sentenceSpans(text).map((span) => text.slice(span.start, span.end));

  it('splits at . ! ? followed by a space, at line breaks, and drops list markers', () => {
    expect(sentences('One. Two! Three? Four\n\n- Five\n2) Six\n## Seven\n   ')).toEqual([
      'One.',
      'Two!',
      'Three?',
      'Four',
      'Five',
      'Six',
      'Seven',
    ]);
  });

  it('does not split inside URLs, domains, decimals or closing quotes', () => {
    expect(
      sentences('Visit https://a.example/x.y or b.example for 4.5 stars. "Really." (Yes.) Done.'),
    ).toEqual(['Visit https://a.example/x.y or b.example for 4.5 stars.', '"Really."', '(Yes.)', 'Done.']);
  });

  it('keeps numbered references with the sentence they follow', () => {
    expect(sentences('Picks vary. [1] Try two. [2][3]\n- An item. [4]\nEnd [5].')).toEqual([
      'Picks vary. [1]',
      'Try two. [2][3]',
      'An item. [4]',
      'End [5].',
    ]);
  });
});
