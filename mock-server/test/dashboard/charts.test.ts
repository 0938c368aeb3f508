import { describe, expect, it } from 'vitest';
import { platformScoreChart, rankHistoryChart } from '../../src/dashboard/charts';
import { html } from '../../src/dashboard/html';
import { localPath, safeHref } from '../../src/dashboard/urls';

describe('rankHistoryChart', () => {
  it('draws position 1 at the top, breaks the line on days out of the top 100, and describes itself', () => {
    const svg = rankHistoryChart('h', 'cold brew', [
      { date: '2026-01-03', position: 4 },
      { date: '2026-01-01', position: 2 },
      { date: '2026-01-02', position: null },
      { date: '2026-01-04', position: 7 },
    ]).text;
    const moves = svg.match(/<path d="([^"]+)"/)?.[1] ?? '';
    expect(moves.match(/M/g)).toHaveLength(2);
    const ys = [...svg.matchAll(/<circle cx="[\d.]+" cy="([\d.]+)"/g)].map((match) => Number(match[1]));
    // Oldest first: 2, 4, 7; a better position is higher on the chart (smaller y).
    expect(ys[0]).toBeLessThan(ys[1] as number);
    expect(ys[1]).toBeLessThan(ys[2] as number);
    expect(svg).toContain('<title id="h-title">Rank history of “cold brew”</title>');
    expect(svg).toContain('best 2, worst 7; out of the top 100 on 1 days');
  });

  it('says so when there is nothing to draw', () => {
    expect(rankHistoryChart('h', 'k', []).text).toContain('No rank checks yet.');
    expect(rankHistoryChart('h', 'k', [{ date: '2026-01-01', position: null }]).text).toContain(
      'Not in the top 100',
    );
  });

  it('escapes the keyword it writes', () => {
    const svg = rankHistoryChart('h', '<script>alert(1)</script>', [
      { date: '2026-01-01', position: 3 },
    ]).text;
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });
});

describe('platformScoreChart', () => {
  it('draws one bar per platform, as long as its score out of 100', () => {
    const svg = platformScoreChart(
      'p',
      [
        { platform: 'chatgpt', score: 50, responses: 10 },
        { platform: 'claude', score: 100, responses: 4 },
      ],
      (platform) => platform.toUpperCase(),
    ).text;
    const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(widths).toHaveLength(2);
    expect(widths[1]).toBeCloseTo((widths[0] as number) * 2, 0);
    expect(svg).toContain('CHATGPT 50 (10 answers); CLAUDE 100 (4 answers).');
  });
});

describe('html and links', () => {
  it('escapes interpolated text and keeps markup built with html', () => {
    expect(html`<p title="${'"x"'}">${'<b>'}${html`<i>ok</i>`}${null}${false}${['a', '&']}</p>`.text).toBe(
      '<p title="&quot;x&quot;">&lt;b&gt;<i>ok</i>a&amp;</p>',
    );
  });

  it('links only absolute http(s) addresses from outside, and only local paths for redirects', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '/en/resources/blog/x',
      '//evil.example',
      null,
    ]) {
      expect(safeHref(bad), String(bad)).toBeUndefined();
    }
    const origin = 'http://127.0.0.1:4010';
    expect(localPath('/projects/1?page=2#x', origin, '/')).toBe('/projects/1?page=2#x');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '/\t/127.0.0.1:9/x',
      '/\n/evil.example',
      '/.//evil.example',
      'https://evil.example',
      '',
      null,
    ]) {
      expect(localPath(bad, origin, '/'), String(bad)).toBe('/');
    }
  });
});
