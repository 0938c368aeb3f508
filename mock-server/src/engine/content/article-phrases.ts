/**
 * Phrase tables of the template article generator, one file per kind of deck. Sentences are
 * templates: `{name}` is replaced by a vocabulary entry (`{audience}` → "small business owners"),
 * `{kw}` by the keyword and `{KwT}` by the keyword in title case; a capitalised name
 * (`{Audience}`) gives a capitalised value. Templates never contain HTML: the generator escapes
 * what it renders.
 */

export * from './article-lists';
export * from './article-sentences';
export * from './article-titles';
export * from './article-vocabulary';
