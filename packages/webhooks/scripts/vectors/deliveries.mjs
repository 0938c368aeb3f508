// The content of deliveries.json: whole deliveries and the answer a receiver must give, one file
// per family of cases in ./deliveries/. Cases are numbered as they are built, so the families are
// called here in the order of the file.
import { articleContentCases } from './deliveries/article-content.mjs';
import { serviceKeyCases, signatureCases } from './deliveries/authentication.mjs';
import { SECRET, SIGNING_SECRET } from './deliveries/delivery.mjs';
import { eventCases } from './deliveries/events.mjs';
import { malformedBodyCases } from './deliveries/malformed-bodies.mjs';
import { removalCases } from './deliveries/removals.mjs';
import { storedArticleCases } from './deliveries/stored-articles.mjs';

const cases = [
  ...storedArticleCases(),
  ...signatureCases(),
  ...articleContentCases(),
  ...serviceKeyCases(),
  ...removalCases(),
  ...eventCases(),
  ...malformedBodyCases(),
];

export const deliveries = {
  description: 'Full webhook deliveries and the answer a receiver must give. See README.md for the format.',
  receiver: {
    secret: SECRET,
    signing_secret: SIGNING_SECRET,
    author_default: 'Rankquill',
    site_base_url: '',
    remove_on: ['content.unpublished', 'content.deleted'],
  },
  cases,
};
