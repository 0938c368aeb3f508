/** `.catch(errorOf)` answers the rejection, typed loosely so assertions can read its fields. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read the error's fields after an instanceof check
export const errorOf = (error: unknown): any => error;
