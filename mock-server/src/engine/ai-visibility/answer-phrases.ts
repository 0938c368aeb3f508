/**
 * Phrases of the simulated AI answers. `{topic}` is the prompt's topic, `{question}` the prompt,
 * `{name}` a brand. They stay generic so they read well for any trade.
 */

/** How each platform tends to answer: how often it names the brand and cites the site, its form. */
export interface PlatformStyle {
  /** Share of answers naming the project's brand, before the prompt's own leaning. */
  mentionRate: number;
  /** Share of answers citing the project's site when they name the brand (a fifth of it when not). */
  citationRate: number;
  /** How many sources it lists, from and to. */
  sources: readonly [number, number];
  /** `numbered` and `bullets` answer with a list of picks; `prose` names them in sentences. */
  form: 'numbered' | 'bullets' | 'prose';
  /** Numbered references such as `[1]` after the sentences they support. */
  inlineReferences: boolean;
  openers: readonly string[];
  closings: readonly string[];
}

export const PLATFORM_STYLES: Readonly<Record<string, PlatformStyle>> = {
  chatgpt: {
    mentionRate: 0.5,
    citationRate: 0.45,
    sources: [0, 2],
    form: 'numbered',
    inlineReferences: false,
    openers: [
      'Great question! When it comes to {topic}, a few names come up again and again.',
      'Here is a quick overview of good options for {topic}.',
      'There are several solid choices for {topic}, depending on what matters most to you.',
    ],
    closings: [
      'Would you like a side-by-side comparison of these options?',
      'If you tell me your budget, I can narrow this down further.',
      'Let me know what you will use it for and I can suggest the best fit.',
    ],
  },
  perplexity: {
    mentionRate: 0.55,
    citationRate: 0.8,
    sources: [3, 5],
    form: 'bullets',
    inlineReferences: true,
    openers: [
      'Based on recent reviews and guides, these are the options most often recommended for {topic}.',
      'Sources agree on a handful of names for {topic}.',
      'For "{question}", current reviews point to the following.',
    ],
    closings: [
      'Prices and availability change often, so check the latest reviews before deciding.',
      'Most sources recommend comparing at least two of these before buying.',
    ],
  },
  gemini: {
    mentionRate: 0.45,
    citationRate: 0.55,
    sources: [1, 3],
    form: 'bullets',
    inlineReferences: false,
    openers: [
      "Here's what to consider for {topic}, along with some popular picks.",
      'Choosing well for {topic} comes down to quality, price and support.',
      'Several options stand out for {topic}.',
    ],
    closings: [
      'Keep in mind that the best choice depends on your needs and budget.',
      'Reading a few recent customer reviews can help you decide.',
    ],
  },
  claude: {
    mentionRate: 0.4,
    citationRate: 0.3,
    sources: [0, 1],
    form: 'prose',
    inlineReferences: false,
    openers: [
      "There isn't a single right answer to this, but a few names come up consistently when people ask about {topic}.",
      'It depends a little on what you are after, so here is a balanced view of {topic}.',
      'I can share what is generally well regarded for {topic}, though I would suggest checking current reviews too.',
    ],
    closings: [
      'If you can share more about how you plan to use it, I can give a more specific recommendation.',
      'I hope this helps you narrow it down.',
    ],
  },
  google_ai_overviews: {
    mentionRate: 0.35,
    citationRate: 0.7,
    sources: [2, 4],
    form: 'bullets',
    inlineReferences: false,
    openers: [
      'Popular options for {topic} include the following.',
      'For {topic}, well-reviewed choices are:',
    ],
    closings: ['Compare prices and reviews to find the right fit.'],
  },
};

/** Fictional competitors; those that would read as one of the project's brands are skipped. */
export const COMPETITORS = [
  'Brightwater',
  'Copperline',
  'Oak & Ember',
  'Summit Supply',
  'Bluebird Co.',
  'Harbor & Pine',
  'Ridgeway',
  'Maple Street Goods',
  'Lumen Labs',
  'Fieldstone',
  'Silverleaf',
  'Redwood Collective',
  'Everpeak',
  'Cobalt & Co',
  'Juniper House',
  'Stonebridge',
] as const;

/** Why a pick is recommended; reads well after `{name}:` and after `{name} is`. */
export const REASONS = [
  'known for consistent quality and fair prices',
  'a favourite among beginners thanks to clear guides',
  'praised for friendly customer service',
  'known for a wide range and fast shipping',
  'a premium pick with a loyal following',
  'good value for money, with solid reviews',
  'noted for its detailed buying guides',
  'a reliable choice with an easy returns policy',
  'popular with experienced enthusiasts',
  'often recommended for its transparent sourcing',
] as const;

/** Sentences that name the brand in running text; `{name}` is replaced by a variant of it. */
export const BRAND_SENTENCES = [
  '{name} is also worth a look, especially if you value clear advice.',
  'Many reviewers point to {name} as a dependable option for {topic}.',
  'Customers often mention {name} for its helpful guides on {topic}.',
  "{name}'s selection is smaller, but it is well curated.",
] as const;

/** General advice sentences. */
export const CONTEXT = [
  'The right choice depends on your budget, how often you will use it and how much time you want to spend.',
  'Quality varies more than prices suggest, so reviews from the last year are the best guide.',
  'If you are just starting out, a mid-range option is usually the safest bet.',
  'Compare warranties and return policies before you commit.',
  'Independent reviews and community forums are a good way to check claims.',
  'Look for clear information on materials, sourcing and care.',
] as const;

/** Sources that are not the project's: general references and communities. */
export const GENERAL_SOURCES = [
  'https://en.wikipedia.org/wiki/{Title}',
  'https://www.reddit.com/r/{word}/comments/{code}/{slug}/',
  'https://www.youtube.com/watch?v={code}',
  'https://www.consumer-guide.example/reviews/{slug}',
  'https://www.thebuyersjournal.example/{slug}-explained',
] as const;

/** Paths of the project's own pages that answers cite. */
export const PROJECT_PATHS = ['/guides/{slug}', '/blog/{slug}', '/learn/{slug}', '/', '/shop'] as const;
