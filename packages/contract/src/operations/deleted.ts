import { z } from 'zod';
import { named } from '../registry';

/** The answer of a DELETE: the id and `deleted: true`. */
export const Deleted = named(
  'Deleted',
  'Answer of a DELETE call.',
  z.object({ id: z.string(), deleted: z.literal(true) }),
);
export type Deleted = z.infer<typeof Deleted>;
