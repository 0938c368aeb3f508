import { ContentUpdateParams, LanguageCode, WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { deliveryBytes, largestArticle } from '../scripts/vectors/receiver-limits.mjs';
import { receiverLimits } from './helpers/vectors';

// largest_delivery_bytes follows the API's limits: the article behind it is the longest the
// content update accepts, field by field. The framework matrix (docs/test/framework-guides.test.ts)
// sends it from the reference server and checks the delivery's size.
describe('receiver-limits.json', () => {
  const { language, ...update } = largestArticle();

  it('is the size of the largest article the API accepts, well under the body limit', () => {
    expect(deliveryBytes(largestArticle())).toBe(receiverLimits.largest_delivery_bytes);
    expect(receiverLimits.max_body_bytes).toBe(WEBHOOK_MAX_BODY_BYTES);
    expect(receiverLimits.largest_delivery_bytes).toBeLessThan(WEBHOOK_MAX_BODY_BYTES);
    expect(ContentUpdateParams.safeParse(update).success).toBe(true);
    expect(LanguageCode.safeParse(language).success).toBe(true);
  });

  it.each(Object.keys(update).filter((field) => field !== 'slug' && field !== 'keywords'))(
    'one more character of %s is refused',
    (field) => {
      const value = update[field as keyof typeof update] as string;
      const longer = { ...update, [field]: `${value}${value.at(-1)}` };
      expect(ContentUpdateParams.safeParse(longer).success).toBe(false);
    },
  );

  it('one more slug character, keyword character or keyword is refused', () => {
    expect(ContentUpdateParams.safeParse({ ...update, slug: `${update.slug}a` }).success).toBe(false);
    const keywords = update.keywords;
    expect(ContentUpdateParams.safeParse({ ...update, keywords: [...keywords, 'x'] }).success).toBe(false);
    expect(
      ContentUpdateParams.safeParse({ ...update, keywords: [`${keywords[0]}\u0001`, ...keywords.slice(1)] })
        .success,
    ).toBe(false);
    expect(LanguageCode.safeParse(`${language}x`).success).toBe(false);
  });
});
