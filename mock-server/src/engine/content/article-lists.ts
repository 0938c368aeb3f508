/**
 * List and table decks of the template article generator: how-to steps, listicle items, short list
 * items and the sides and criteria of comparison tables.
 */

/** How-to steps, in the order they are done. */
export const STEPS = [
  'Define Your Goal',
  'Gather What You Need',
  'Learn the Basics',
  'Make a Simple Plan',
  'Set Up Your Workspace',
  'Take the First Small Step',
  'Practise and Refine',
  'Measure Your Progress',
  'Fix What Is Not Working',
  'Build a Routine',
  'Scale Up Gradually',
  'Review and Keep Improving',
];

/** Listicle items. */
export const ITEMS = [
  'Start with a Clear Goal',
  'Focus on Quality over Quantity',
  'Learn from People Who Have Done It',
  'Keep Things Simple',
  'Track Your Results',
  'Invest in the Right Tools',
  'Build a Consistent Routine',
  'Ask for Feedback Early',
  'Test Before You Commit',
  'Plan for the Long Term',
  'Stay Up to Date',
  'Document What Works',
  'Set a Realistic Budget',
  'Learn the Fundamentals First',
  'Break Big Tasks into Small Steps',
  'Compare Your Options',
  'Know Your Audience',
  'Review Your Progress Regularly',
  'Be Patient',
  'Automate the Repetitive Parts',
  'Learn from Your Mistakes',
  'Work with Others',
  'Protect Your Time',
  'Celebrate Small Wins',
  'Keep Learning',
  'Know When to Ask for Help',
];

/** Short list items; `{kw}` and vocabulary placeholders work here too. */
export const LIST_ITEMS = {
  takeaways: [
    'Define what success with {kw} looks like before you start.',
    'Focus on {aspect} first; the rest follows.',
    'Avoid {mistake}.',
    'Review your progress {timeframe}.',
    'Use {resource} to save time, not to replace thinking.',
    'Small, steady improvements beat rare big pushes.',
    'Adapt every piece of advice to your own situation.',
  ],
  benefits: [
    'You {benefit}.',
    'Expect {outcome}.',
    'Decisions about {aspect} become easier.',
    'You spend less time fixing avoidable problems.',
    'Your results become easier to measure and explain.',
    'You build skills that carry over to related work.',
  ],
  needs: [
    'A clear, written goal',
    'A realistic time budget',
    'Basic {resource}',
    'A simple way to track progress',
    'Someone to ask for feedback',
    'Patience for the first few attempts',
  ],
  pros: [
    'Easy to get started',
    'Reliable, consistent performance',
    'Good value for money',
    'Well designed and intuitive',
    'Helpful documentation and support',
    'Flexible enough for different needs',
  ],
  cons: [
    'Higher tiers get expensive',
    'Some advanced features take time to learn',
    'Limited customisation options',
    'A few integrations are missing',
    'Not ideal for very large teams',
  ],
  news: [
    'The change affects {audience} first.',
    'The main driver is {driver}.',
    'Expect more details in the coming weeks.',
    'Early signs point to {outcome}.',
    'Smaller organisations may need longer to adapt.',
  ],
} as const satisfies Record<string, readonly string[]>;

/** The two sides compared when the keyword does not name them (`x vs y`). */
export const COMPARISON_SIDES = [
  ['budget', 'premium'],
  ['basic', 'advanced'],
  ['DIY', 'professional'],
  ['traditional', 'modern'],
] as const;

/** Comparison table rows: a criterion and the values a side may get, weakest to strongest. */
export const COMPARISON_CRITERIA = [
  ['Cost', ['Low', 'Moderate', 'High']],
  ['Ease of use', ['Very easy', 'Easy', 'Takes practice']],
  ['Flexibility', ['Limited', 'Good', 'Excellent']],
  ['Support', ['Community', 'Standard', 'Priority']],
  ['Learning curve', ['Gentle', 'Moderate', 'Steep']],
  ['Scalability', ['Small needs', 'Good', 'Built for growth']],
  ['Setup time', ['Minutes', 'Hours', 'Days']],
] as const;
