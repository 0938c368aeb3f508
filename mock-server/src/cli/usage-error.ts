/** A mistake in the command line: printed without a stack, exit code 64. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}
