/**
 * Title and heading decks of the template article generator: titles, meta descriptions, section
 * headings, practice subheadings and FAQ questions.
 */

/** Title templates by content type; `{N}` is the number of steps or items. */
export const TITLES = {
  blog_post: [
    '{KwT}: What You Need to Know',
    'The Complete Guide to {KwT}',
    '{KwT} Explained: A Practical Guide',
    'Everything You Should Know About {KwT}',
    'Why {KwT} Matters More Than Ever',
  ],
  how_to: [
    'How to Get Started with {KwT}: A Step-by-Step Guide',
    '{KwT}: A Step-by-Step Guide for Beginners',
    '{KwT} in {N} Simple Steps',
    'How to Master {KwT} in {N} Steps',
  ],
  listicle: [
    '{N} Essential Tips for {KwT}',
    '{N} Things Everyone Should Know About {KwT}',
    '{KwT}: {N} Ideas Worth Trying',
    '{N} Smart Ways to Get More from {KwT}',
  ],
  comparison: [
    '{SA} vs {SB}: Which {KwT} Option Is Right for You?',
    '{KwT} Compared: {SA} vs {SB}',
    'Comparing {KwT} Options: Which One Fits Your Needs?',
  ],
  product_review: [
    '{KwT} Review: Is It Worth It?',
    '{KwT} Review: Pros, Cons and Verdict',
    'An Honest {KwT} Review',
    '{KwT} Review: Our Verdict After Testing',
  ],
  news: [
    '{KwT}: What the Latest Changes Mean',
    "What's New in {KwT} and Why It Matters",
    '{KwT} Update: Key Developments to Watch',
  ],
} as const;

/** Titles for keywords that already read as a title, such as `how to bake bread` or `x vs y`. */
export const KEYWORD_FIRST_TITLES = [
  '{KwT}: A Practical Guide',
  '{KwT}: What You Need to Know',
  '{KwT}: Tips, Steps and Common Mistakes',
];

/** Meta description templates by content type, before the length cap. */
export const META_DESCRIPTIONS = {
  blog_post:
    'Learn what {kw} involves, why it matters and how to get it right, with practical tips from {brand}.',
  how_to: 'A step-by-step guide to {kw}: what you need, each step explained and the mistakes to avoid.',
  listicle: '{N} practical tips for {kw} that help you {benefit}, explained in plain language.',
  comparison:
    'Comparing {kw} options: {SA} vs {SB} on cost, ease of use and flexibility, and which to choose.',
  versus:
    '{KwT} compared on cost, ease of use and flexibility, with pros, cons and advice on which to choose.',
  product_review: 'Our {kw} review: features, performance, pros and cons, and a clear verdict.',
  news: 'The latest on {kw}: what happened, who is affected, why it matters and what comes next.',
} as const;

export const HEADINGS = {
  whatIs: ['What Is {KwT}?', 'Understanding {KwT}', '{KwT} at a Glance'],
  why: ['Why {KwT} Matters', 'The Benefits of {KwT}', 'What {KwT} Can Do for You'],
  gettingStarted: ['How to Get Started with {KwT}', 'Getting Started', 'First Steps'],
  bestPractices: ['Best Practices for {KwT}', 'Tips for Better Results', 'What Works Best'],
  mistakes: ['Common Mistakes to Avoid', 'Pitfalls to Watch Out For'],
  tools: ['Tools and Resources', 'What You Will Need'],
  measure: ['How to Measure Success', 'Tracking Your Progress'],
  faq: ['Frequently Asked Questions', 'Questions People Often Ask'],
  advanced: ['Advanced Tips', 'Taking It Further'],
  planning: ['Planning Your Next Steps', 'Building a Long-Term Plan'],
  takeaways: ['Key Takeaways', 'Quick Summary'],
  conclusion: ['Conclusion', 'Final Thoughts', 'The Bottom Line'],
  needs: ['What You Will Need', 'Before You Begin'],
  troubleshooting: ['Troubleshooting Common Problems', 'When Things Go Wrong'],
  howToChoose: ['How to Choose', 'Which One Should You Pick?'],
  atAGlance: ['Side-by-Side Comparison', 'At a Glance'],
  overview: ['Overview', 'First Impressions'],
  features: ['Key Features', 'What Stands Out'],
  performance: ['Performance in Everyday Use', 'How It Performs'],
  prosCons: ['Pros and Cons', 'The Good and the Not So Good'],
  whoFor: ['Who Is It For?', 'Who Should Consider It?'],
  alternatives: ['Alternatives to Consider', 'How It Compares'],
  verdict: ['Verdict', 'Our Verdict'],
  whatHappened: ['What Happened', 'The Latest Developments'],
  whoAffected: ['Who Is Affected', 'Who Feels the Impact'],
  whyMatters: ['Why It Matters', 'Why This Is Important'],
  background: ['Background', 'How We Got Here'],
  reactions: ['Reactions So Far', 'What Observers Are Saying'],
  whatNext: ['What Happens Next', 'What to Watch'],
  keyPoints: ['Key Points', 'At a Glance'],
} as const satisfies Record<string, readonly string[]>;

/** Subheadings used as `<h3>` under best practices and similar sections. */
export const PRACTICES = [
  'Set a Clear Goal',
  'Keep It Simple',
  'Measure What Matters',
  'Learn from Feedback',
  'Plan for the Long Term',
  'Stay Consistent',
  'Review and Adjust',
  'Invest in the Basics',
];

export const FAQ_QUESTIONS = [
  'Is {kw} worth the effort?',
  'How long does it take to see results?',
  'Do I need special tools?',
  'What is the most common mistake?',
  'Can beginners handle it on their own?',
  'How much should I budget?',
];
