// The content of article-page.json: stored articles and the exact page the TypeScript
// renderArticlePage writes for each, with the Content-Security-Policy to serve it with. Unlike the
// other files, the expected HTML is the TypeScript renderer's output (build the package first):
// the page is a template, and the other languages must reproduce it byte for byte.

const full = {
  title: 'How to Brew Pour-Over Coffee at Home',
  slug: 'how-to-brew-pour-over-coffee',
  content:
    '<h2>What you need</h2><p>A dripper, a paper filter and <a href="https://example.com/beans" target="_blank">fresh beans</a>.</p>',
  excerpt: 'A step-by-step guide to brewing pour-over coffee at home.',
  meta_title: 'Pour-Over Coffee at Home: A Step-by-Step Guide',
  meta_description: 'Learn to brew pour-over coffee at home with a dripper, a filter and fresh beans.',
  keywords: ['pour over coffee', 'coffee brewing', 'home barista'],
  canonical_url: 'https://www.example.com/blog/pour-over',
  featured_image: 'https://cdn.rankquill.example/images/pour-over.jpg',
  author: 'Dana Whitfield',
  language: 'en',
};

const articles = [
  {
    name: 'every field set',
    article: full,
  },
  {
    name: 'defaults: no canonical URL, no image, meta title empty',
    article: {
      ...full,
      slug: 'defaults',
      meta_title: '',
      meta_description: '',
      excerpt: '',
      keywords: [],
      canonical_url: '',
      featured_image: '',
      author: 'Rankquill',
    },
  },
  {
    name: 'hostile fields are escaped and hostile URLs dropped',
    article: {
      title: `<script>alert(1)</script> "Quotes" & 'apostrophes'`,
      slug: 'hostile',
      content: '<p onclick="x()">Hi<script>alert(2)</script></p><img src="javascript:alert(3)" alt="a">',
      excerpt: '',
      meta_title: '</title><script>alert(4)</script>',
      meta_description: '"><script>alert(5)</script>',
      keywords: ['a, b', '"c"', '<d>'],
      canonical_url: 'javascript:alert(6)',
      featured_image: 'data:image/png;base64,AAAA',
      author: `O'Brien <b>&</b>`,
      language: 'en"><script>',
    },
  },
  {
    name: 'unicode, and URLs written exactly as given',
    article: {
      ...full,
      title: 'Café crème : le guide ☕ 東京',
      slug: 'cafe-creme',
      content: '<p>Le café crème — à Paris comme à 東京 🍵.</p>',
      meta_title: 'Café crème',
      keywords: ['café crème'],
      canonical_url: 'HTTPS://www.Example.fr/blog/café-crème?x="1"',
      featured_image: 'http://cdn.example.fr/images/crème.jpg?a=1&b=2',
      author: 'Élodie Martin',
      language: 'fr',
    },
  },
  {
    name: 'URLs with a space, without a host or with another scheme are dropped',
    article: {
      ...full,
      slug: 'bad-urls',
      canonical_url: 'https://www.example.com/a b',
      featured_image: 'https:///images/no-host.png',
    },
  },
  {
    name: 'protocol-relative and ftp URLs are dropped',
    article: {
      ...full,
      slug: 'other-schemes',
      canonical_url: '//www.example.com/a',
      featured_image: 'ftp://cdn.example/a.png',
    },
  },
];

export function articlePage(renderArticlePage, csp) {
  return {
    description:
      'Stored articles and the exact HTML page of each (renderArticlePage in TypeScript, ArticlePage::render in PHP, render_article_page in Python, ArticlePage.render in Ruby), to serve with content_security_policy. See README.md.',
    content_security_policy: csp,
    cases: articles.map(({ name, article }) => ({
      name,
      article,
      html: renderArticlePage({
        ...article,
        url: `/${article.language}/resources/blog/${article.slug}`,
        received_at: '2026-01-01T09:30:00.000Z',
      }),
    })),
  };
}
