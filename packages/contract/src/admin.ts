import { z } from 'zod';
import { Timestamp } from './common';
import { named, openEnum } from './registry';

/**
 * Response header by which a server on the manual clock says so, on every answer:
 * `x-rankquill-clock: manual`. Time there moves only through `POST /__admin/clock/advance`, so
 * a client that would wait for time to pass (`content.createAndWait()`) fails at once instead.
 * Servers on the real clock, the service among them, do not send it.
 */
export const CLOCK_MODE_HEADER = 'x-rankquill-clock';

/** The route that moves a manual clock. */
export const CLOCK_ADVANCE_ROUTE = 'POST /__admin/clock/advance';

export const PLANS = ['essential', 'professional', 'agencies', 'enterprise'] as const;
export const Plan = openEnum(PLANS);
export type Plan = z.infer<typeof Plan>;

/** Main API requests per rolling hour, by plan (spec 8); enterprise is set per account. */
export const PLAN_RATE_LIMITS = { essential: 100, professional: 500, agencies: 2000 } as const;

export const AdminAccountCreateParams = named(
  'AdminAccountCreateParams',
  'Body of POST /__admin/accounts.',
  z
    .strictObject({
      plan: z.enum(PLANS, { error: `must be one of: ${PLANS.join(', ')}` }),
      rate_limit: z
        .number({ error: 'must be a positive integer (requests per hour)' })
        .int({ error: 'must be a positive integer (requests per hour)' })
        .min(1, { error: 'must be a positive integer (requests per hour)' })
        .optional(),
    })
    .refine((value) => value.plan === 'enterprise' || value.rate_limit === undefined, {
      path: ['rate_limit'],
      error: 'can only be set for the enterprise plan; the other plans have fixed limits',
    })
    .refine((value) => value.plan !== 'enterprise' || value.rate_limit !== undefined, {
      path: ['rate_limit'],
      error: 'is required for the enterprise plan (requests per hour)',
    })
    // The two rules above, for the OpenAPI document (JSON Schema cannot read a refinement).
    .meta({
      if: { properties: { plan: { const: 'enterprise' } }, required: ['plan'] },
      // biome-ignore lint/suspicious/noThenProperty: the then of JSON Schema's if/then/else
      then: { properties: { rate_limit: {} }, required: ['rate_limit'] },
      // `{ not: {} }` (no value is valid): present is refused. The boolean schema `false` says
      // the same, but oapi-codegen cannot read it; a `not required` would leave the property
      // undeclared here.
      else: { properties: { rate_limit: { not: {} } } },
    }),
);
export type AdminAccountCreateParams = z.input<typeof AdminAccountCreateParams>;

export const AdminAccount = named(
  'AdminAccount',
  'A new account and its main API key. The key is shown once; only its hash is stored.',
  z.object({ id: z.string(), plan: Plan, rate_limit: z.number().int(), api_key: z.string() }),
);
export type AdminAccount = z.infer<typeof AdminAccount>;

export const ClockAdvanceParams = named(
  'ClockAdvanceParams',
  'Body of POST /__admin/clock/advance.',
  z.strictObject({
    seconds: z
      .number({ error: 'must be a number of seconds from 0 to 31536000' })
      .min(0, { error: 'must be a number of seconds from 0 to 31536000' })
      .max(31_536_000, { error: 'must be a number of seconds from 0 to 31536000' }),
  }),
);
export type ClockAdvanceParams = z.input<typeof ClockAdvanceParams>;

export const ClockState = named(
  'ClockState',
  'Current instant of the server clock.',
  z.object({ now: Timestamp }),
);
export type ClockState = z.infer<typeof ClockState>;
