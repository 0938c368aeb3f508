import { Encodings } from '@cantoo/pdf-lib/standard-fonts';
import { describe, expect, it } from 'vitest';
import { isWinAnsiCodePoint, toWinAnsi } from '../../../src/engine/exports/win-ansi';

const LAST_CODE_POINT = 0x10ffff;

describe('isWinAnsiCodePoint', () => {
  it("agrees with pdf-lib's WinAnsi table on every code point", () => {
    const disagreements: string[] = [];
    for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint++) {
      if (isWinAnsiCodePoint(codePoint) !== Encodings.WinAnsi.canEncodeUnicodeCodePoint(codePoint)) {
        disagreements.push(codePoint.toString(16));
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('toWinAnsi', () => {
  it.each([
    ['plain ASCII', 'best coffee 2026', 'best coffee 2026'],
    [
      'Latin-1 and WinAnsi signs, kept',
      'café crème – “déjà vu” … 10 € ™ œ Ÿ',
      'café crème – “déjà vu” … 10 € ™ œ Ÿ',
    ],
    ['accents outside Latin-1, dropped', 'Łódź ăâîșț Dvořák ő', 'Lódz aâîst Dvorák o'],
    ['a combining accent, composed', 'cafe\u0301', 'café'],
    ['ligatures and full-width forms', 'ﬁlter ﬀ Ｃｏｆｆｅｅ', 'filter ff Coffee'],
    ['Cyrillic, transliterated with case', 'Москва ЩУКА Київ', 'Moskva ShchUKA Kiyiv'],
    ['Greek, transliterated', 'Ελληνικός καφές', 'Ellinikos kafes'],
    ['signs with an ASCII spelling', '−5 → 3 ≤ 4 ‑ ok ✔️', '-5 -> 3 <= 4 - ok v'],
    ['one ? per CJK character', '東京 カフェ 커피', '?? ??? ??'],
    ['one ? per emoji, sequences included', 'ok 👍🏽 👨‍👩‍👧 🇫🇷', 'ok ? ? ?'],
    ['invisible characters removed', 'zero\u200bwidth\u2060join\ufeff', 'zerowidthjoin'],
    ['whitespace runs collapsed and trimmed', '  a \t\n\r b\u00a0\u2003c  ', 'a b c'],
    ['a lone surrogate', 'a\ud800b', 'a?b'],
    ['an empty string', '', ''],
  ])('%s', (_case, input, expected) => {
    expect(toWinAnsi(input)).toBe(expected);
  });

  it('never throws and only returns characters the standard fonts can encode, for every code point', () => {
    const unencodable = new Set<string>();
    for (let start = 0; start <= LAST_CODE_POINT; start += 256) {
      let chunk = '';
      for (let codePoint = start; codePoint < start + 256 && codePoint <= LAST_CODE_POINT; codePoint++) {
        chunk +=
          codePoint >= 0xd800 && codePoint <= 0xdfff
            ? String.fromCharCode(codePoint)
            : String.fromCodePoint(codePoint);
      }
      const printable = toWinAnsi(chunk);
      for (const char of printable) {
        if (!Encodings.WinAnsi.canEncodeUnicodeCodePoint(char.codePointAt(0) ?? 0)) unencodable.add(char);
      }
      expect(toWinAnsi(printable)).toBe(printable);
    }
    expect([...unencodable]).toEqual([]);
  });
});
