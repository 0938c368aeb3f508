// The content of receiver-limits.json: the body limit every receiver applies, and the largest
// delivery the service can send, measured on the largest article the API accepts.

/**
 * The article of the largest delivery: every field at the longest the API's content update
 * (`ContentUpdateParams`) accepts, filled with U+0001. JSON writes a control character as a
 * six-byte escape (`\u0001`), the most any character costs (a lone surrogate costs the same,
 * `"` two, a 3-byte UTF-8 character three), and the service's sanitizer keeps it as it is. Its
 * own expansions cost less per character: `&quot;` for `"` in an attribute (6), `&amp;` (5),
 * `&lt;`, `&gt;` (4), an added `rel="noopener noreferrer"` for 12 characters of
 * `<a target=x>` (4 with the JSON escapes). URLs must parse as http(s), so they start with
 * `http://a`; `canonical_url` takes no control character, so it goes on with `/` and U+4E00, a
 * three-byte UTF-8 character that JSON writes as it is (no character it takes costs more); a slug
 * is lower-case ASCII; a language code at most `xxx-XX`.
 */
export function largestArticle() {
  const filler = (length) => '\u0001'.repeat(length);
  const url = `http://a${filler(2048 - 'http://a'.length)}`;
  const canonicalUrl = `http://a/${'\u4e00'.repeat(2048 - 'http://a/'.length)}`;
  return {
    title: filler(300),
    slug: 'a'.repeat(200),
    content: filler(500_000),
    excerpt: filler(1000),
    meta_title: filler(300),
    meta_description: filler(1000),
    keywords: Array.from({ length: 50 }, () => filler(200)),
    canonical_url: canonicalUrl,
    featured_image: url,
    author: filler(200),
    language: 'abc-DE',
  };
}

/** Bytes of a delivery's body: the article serialized as the service does (`JSON.stringify`). */
export const deliveryBytes = (article) => Buffer.byteLength(JSON.stringify(article), 'utf8');

export function receiverLimits(maxBodyBytes) {
  return {
    description:
      'The body limit every receiver applies at every entry point, and the size of the largest delivery the service can send. See README.md.',
    max_body_bytes: maxBodyBytes,
    largest_delivery_bytes: deliveryBytes(largestArticle()),
  };
}
