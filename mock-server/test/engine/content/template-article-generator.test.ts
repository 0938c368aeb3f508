import { CONTENT_TYPES } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { countWords, htmlToText, sanitizeArticleHtml } from '../../../src/engine/content/article-html';
import type { ArticleRequest, GeneratedArticle } from '../../../src/engine/content/generator';
import { TemplateArticleGenerator } from '../../../src/engine/content/template-article-generator';
import { Random } from '../../../src/engine/kernel/random';

const generator = new TemplateArticleGenerator();
const project = { name: 'Acme Garden', domain: 'acme-garden.example' };

function request(overrides: Partial<ArticleRequest> = {}): ArticleRequest {
  return {
    keyword: 'email marketing',
    type: 'blog_post',
    length: 1200,
    language: 'en',
    project,
    ...overrides,
  };
}

function generate(overrides: Partial<ArticleRequest> = {}, seed = 'seed-1'): Promise<GeneratedArticle> {
  return generator.generate(request(overrides), new Random(seed));
}

function bodyWords(article: GeneratedArticle): number {
  return countWords(htmlToText(article.html));
}

function count(html: string, pattern: RegExp): number {
  return html.match(pattern)?.length ?? 0;
}

describe('TemplateArticleGenerator', () => {
  describe('determinism', () => {
    it.each(CONTENT_TYPES)('gives byte-identical %s articles for the same request and seed', async (type) => {
      const first = await generate({ type }, 'same-seed');
      const second = await generate({ type }, 'same-seed');
      expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    });

    it.each(CONTENT_TYPES)('gives different %s text for different seeds', async (type) => {
      const first = await generate({ type }, 'seed-a');
      const second = await generate({ type }, 'seed-b');
      expect(second.html).not.toBe(first.html);
    });

    it('reads only the Random it is given', async () => {
      const random = new Random('shared');
      const first = await generator.generate(request(), random);
      const second = await generator.generate(request(), random);
      // The second call continues the stream, so it must write another article.
      expect(second.html).not.toBe(first.html);
      const replay = new Random('shared');
      expect((await generator.generate(request(), replay)).html).toBe(first.html);
    });
  });

  describe('length', () => {
    const lengths = [300, 301, 450, 800, 1200, 2500, 5000];
    for (const type of CONTENT_TYPES) {
      it.each(lengths)(`keeps a ${type} body within ±10%% of %i words`, async (length) => {
        for (const seed of ['s1', 's2', 's3']) {
          const words = bodyWords(await generate({ type, length }, seed));
          expect(words, `seed ${seed}`).toBeGreaterThanOrEqual(Math.floor(length * 0.9));
          expect(words, `seed ${seed}`).toBeLessThanOrEqual(Math.ceil(length * 1.1));
        }
      });
    }

    it.each([
      ['a one-word keyword', 'SEO'],
      ['a question keyword', 'how to bake sourdough bread'],
      ['a comparison keyword', 'Notion vs Obsidian'],
      [
        'a long keyword',
        'sustainable urban vegetable gardening on small balconies in cold northern climates',
      ],
      [
        'a 200-character keyword',
        Array.from({ length: 40 }, () => 'word')
          .join(' ')
          .slice(0, 200),
      ],
    ])('keeps the length with %s', async (_, keyword) => {
      for (const type of CONTENT_TYPES) {
        for (const length of [300, 1500]) {
          const words = bodyWords(await generate({ type, length, keyword }));
          expect(words, `${type} ${length}`).toBeGreaterThanOrEqual(length * 0.9);
          expect(words, `${type} ${length}`).toBeLessThanOrEqual(length * 1.1);
        }
      }
    });
  });

  describe('structure', () => {
    it.each(CONTENT_TYPES)('writes a %s with headings, a list and the keyword', async (type) => {
      const article = await generate({ type, length: 800, keyword: 'Container Gardening' });
      expect(article.title.toLowerCase()).toContain('container gardening');
      expect(article.html.startsWith('<p>')).toBe(true);
      expect(count(article.html, /<h2>/g)).toBeGreaterThanOrEqual(3);
      expect(article.html).toMatch(/<(ul|ol)><li>/);
      expect(count(htmlToText(article.html).toLowerCase(), /container gardening/g)).toBeGreaterThanOrEqual(3);
      expect(article.html).not.toMatch(/<h1/);
      expect(article.html).not.toMatch(/lorem|ipsum|\{\w+\}|undefined|NaN/);
    });

    it('gives a how-to numbered steps', async () => {
      const article = await generate({ type: 'how_to', length: 1000 });
      expect(article.html).toContain('<h2>Step 1: ');
      expect(article.html).toContain('<h2>Step 2: ');
      expect(article.html).toMatch(/<ol><li>/);
      const steps = count(article.html, /<h2>Step \d+: /g);
      expect(count(article.html.slice(article.html.indexOf('<ol>')), /<li>/g)).toBeGreaterThanOrEqual(steps);
    });

    it('gives a listicle numbered items as h2 headings, and their number in the title', async () => {
      const article = await generate({ type: 'listicle', length: 1000 });
      const items = [...article.html.matchAll(/<h2>(\d+)\. /g)].map((match) => Number(match[1]));
      expect(items.length).toBeGreaterThanOrEqual(5);
      expect(items).toEqual(items.map((_, index) => index + 1));
      if (/\d/.test(article.title)) expect(article.title).toContain(String(items.length));
    });

    it('gives a comparison a table and pros and cons', async () => {
      const article = await generate({ type: 'comparison', length: 1200, keyword: 'standing desks' });
      expect(article.html).toMatch(
        /<table><thead><tr><th>Criterion<\/th><th>[^<]+<\/th><th>[^<]+<\/th><\/tr><\/thead><tbody>/,
      );
      expect(article.html).toContain('<h3>Pros</h3>');
      expect(article.html).toContain('<h3>Cons</h3>');
    });

    it('compares the two sides named by an "x vs y" keyword', async () => {
      const article = await generate({ type: 'comparison', keyword: 'notion vs obsidian' });
      expect(article.html).toContain('<th>Notion</th><th>Obsidian</th>');
      expect(article.title.toLowerCase()).toContain('notion vs obsidian');
    });

    it('gives a product review pros, cons, a verdict and a rating', async () => {
      const article = await generate({ type: 'product_review', length: 1200, keyword: 'robot vacuum' });
      expect(article.html).toContain('<h3>Pros</h3>');
      expect(article.html).toContain('<h3>Cons</h3>');
      expect(article.html).toMatch(/<h2>(Our )?Verdict<\/h2>/);
      const rating = article.html.match(/<strong>Our rating:<\/strong> (\d\.\d) out of 5/);
      expect(Number(rating?.[1])).toBeGreaterThanOrEqual(3.5);
      expect(Number(rating?.[1])).toBeLessThanOrEqual(4.8);
    });

    it('gives news what, who and why sections without a dateline', async () => {
      const article = await generate({ type: 'news', keyword: 'electric vehicle subsidies' });
      expect(article.html).toMatch(/<h2>(What Happened|The Latest Developments)<\/h2>/);
      expect(article.html).toMatch(/<h2>(Who Is Affected|Who Feels the Impact)<\/h2>/);
      expect(article.html).toMatch(/<h2>(Why It Matters|Why This Is Important)<\/h2>/);
      expect(htmlToText(article.html)).not.toMatch(/\b(20\d\d|January|Monday)\b/);
    });

    it('uses h3 subsections in longer articles', async () => {
      for (const type of ['blog_post', 'product_review', 'comparison'] as const) {
        expect((await generate({ type, length: 2000 })).html, type).toMatch(/<h3>/);
      }
    });

    it('writes a conclusion last', async () => {
      for (const type of ['blog_post', 'how_to', 'listicle', 'comparison'] as const) {
        const html = (await generate({ type })).html;
        const lastHeading = [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].at(-1)?.[1];
        expect(['Conclusion', 'Final Thoughts', 'The Bottom Line'], type).toContain(lastHeading);
      }
    });

    it('treats an unknown type as a blog post', async () => {
      const article = await generate({ type: 'whitepaper' }, 'x');
      expect(article).toEqual(await generate({ type: 'blog_post' }, 'x'));
    });

    it('writes English text for a non-English project', async () => {
      const article = await generate({ language: 'nl', keyword: 'fietsen' });
      expect(htmlToText(article.html)).toMatch(/\b(the|and|you)\b/);
      expect(article.title.toLowerCase()).toContain('fietsen');
    });

    it('escapes the keyword and survives the sanitizer unchanged', async () => {
      for (const type of CONTENT_TYPES) {
        const article = await generate({ type, keyword: '<img src=x onerror=alert(1)> & "tools"' });
        expect(article.html).not.toMatch(/<img|<script/);
        expect(article.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; "tools"');
        expect(sanitizeArticleHtml(article.html)).toBe(article.html);
      }
    });

    it('writes HTML the sanitizer leaves unchanged', async () => {
      for (const type of CONTENT_TYPES) {
        const article = await generate({ type, length: 2500 });
        expect(sanitizeArticleHtml(article.html), type).toBe(article.html);
      }
    });
  });

  describe('metadata', () => {
    it.each(CONTENT_TYPES)('fills %s metadata within its limits', async (type) => {
      const article = await generate({ type, keyword: 'Email Marketing' });
      expect(article.excerpt.length).toBeGreaterThan(20);
      expect(article.excerpt.length).toBeLessThanOrEqual(300);
      expect(article.excerpt).not.toMatch(/[<>]/);
      expect(article.excerpt.match(/[.!?](\s|$)/g)?.length ?? 0).toBeLessThanOrEqual(2);
      expect(article.meta_title.length).toBeLessThanOrEqual(60);
      expect(article.meta_title.toLowerCase()).toContain('email marketing');
      expect(article.meta_description.length).toBeGreaterThan(20);
      expect(article.meta_description.length).toBeLessThanOrEqual(160);
      expect(article.author).toBe('Acme Garden Editorial Team');
      expect(article.featured_image).toMatch(
        /^https:\/\/acme-garden\.example\/images\/[a-z0-9]+(-[a-z0-9]+)*\.jpg$/,
      );
    });

    it.each(CONTENT_TYPES)('lists the %s keyword and 3 to 6 lower-case variants', async (type) => {
      for (const seed of ['k1', 'k2', 'k3', 'k4']) {
        const { keywords } = await generate({ type, keyword: 'Email Marketing' }, seed);
        expect(keywords[0]).toBe('email marketing');
        expect(keywords.length).toBeGreaterThanOrEqual(4);
        expect(keywords.length).toBeLessThanOrEqual(7);
        expect(new Set(keywords).size).toBe(keywords.length);
        for (const keyword of keywords) {
          expect(keyword).toBe(keyword.toLowerCase());
          expect(keyword).toContain('email marketing');
        }
      }
    });

    it('does not repeat a word of the keyword in a variant', async () => {
      const { keywords } = await generate({ keyword: 'best running shoes guide' });
      expect(keywords).not.toContain('best best running shoes guide');
      expect(keywords).not.toContain('best running shoes guide guide');
    });

    it('names the featured image after the title slug', async () => {
      const article = await generate({ keyword: 'Crème brûlée' });
      const slug = article.featured_image
        .replace(/^https:\/\/acme-garden\.example\/images\//, '')
        .replace(/\.jpg$/, '');
      expect(slug).toContain('creme-brulee');
    });

    it('keeps the limits with a 200-character keyword', async () => {
      const keyword = `${'very '.repeat(39)}long`.slice(0, 200);
      for (const type of CONTENT_TYPES) {
        const article = await generate({ type, keyword });
        expect(article.title.toLowerCase()).toContain(keyword.toLowerCase());
        expect(article.meta_title.length).toBeLessThanOrEqual(60);
        expect(article.meta_description.length).toBeLessThanOrEqual(160);
        expect(article.excerpt.length).toBeLessThanOrEqual(300);
        expect(article.featured_image.length).toBeLessThan(130);
      }
    });
  });

  it('generates 10,000 articles of 300 words well under 5 seconds', async () => {
    // CPU time of this process, not wall time: other processes on a busy machine do not count.
    const started = process.cpuUsage();
    for (let i = 0; i < 10_000; i++) {
      const type = CONTENT_TYPES[i % CONTENT_TYPES.length] as string;
      await generator.generate(request({ type, length: 300 }), new Random(`perf-${i}`));
    }
    const used = process.cpuUsage(started);
    const elapsed = (used.user + used.system) / 1000;
    console.info(`generated 10,000 articles of 300 words in ${Math.round(elapsed)} ms of CPU time`);
    expect(elapsed).toBeLessThan(5000);
  });
});
