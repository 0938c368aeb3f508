import { z } from 'zod';
import { Timestamp } from './common';
import { named } from './registry';

/** Language codes are BCP 47 primary tags with an optional region: `en`, `nl`, `pt-BR`. */
export const LanguageCode = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { error: 'must be a language code such as en, fr or pt-BR' });

export const Project = named(
  'Project',
  'A project: one site whose content, keywords and AI visibility the service manages.',
  z.object({
    id: z.string().describe('Project id, `proj_…`.'),
    name: z.string(),
    domain: z.string().describe('Host name of the site, such as `example.com`.'),
    language: z.string().describe('Language code of the project, such as `en` or `nl`.'),
    brand_names: z.array(z.string()).describe('Names that count as a mention of the brand.'),
    public_api_key: z.string().describe('Key of the public article API for this project.'),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type Project = z.infer<typeof Project>;

const name = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' });
const domain = z
  .string({ error: 'must be a string' })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: 'must be a host name such as example.com, without scheme or path',
  });
const brandNames = z
  .array(z.string().trim().min(1, { error: 'must not be empty' }).max(100), {
    error: 'must be an array of strings',
  })
  .max(20, { error: 'must hold at most 20 names' });

export const ProjectCreateParams = named(
  'ProjectCreateParams',
  'Body of POST /projects.',
  z.strictObject({
    name,
    domain,
    language: LanguageCode.default('en'),
    brand_names: brandNames.optional(),
  }),
);
export type ProjectCreateParams = z.input<typeof ProjectCreateParams>;

export const ProjectUpdateParams = named(
  'ProjectUpdateParams',
  'Body of PUT /projects/:id. Every field is optional; absent fields keep their value.',
  z.strictObject({
    name: name.optional(),
    domain: domain.optional(),
    language: LanguageCode.optional(),
    brand_names: brandNames.optional(),
  }),
);
export type ProjectUpdateParams = z.input<typeof ProjectUpdateParams>;

export const PublicApiKeyRotation = named(
  'PublicApiKeyRotation',
  'Answer of POST /projects/:id/public-api-key/rotate.',
  z.object({ public_api_key: z.string() }),
);
export type PublicApiKeyRotation = z.infer<typeof PublicApiKeyRotation>;
