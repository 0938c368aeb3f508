import { z } from 'zod';
import { named } from '../registry';

export const Deleted = named(
  'Deleted',
  'Answer of a DELETE call.',
  z.object({ id: z.string(), deleted: z.literal(true) }),
);
export type Deleted = z.infer<typeof Deleted>;
