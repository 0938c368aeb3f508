import { CliUsageError } from './usage-error';

/** The value of `--port`, or a usage error that says what is allowed. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (value.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliUsageError(`--port must be an integer from 0 to 65535, got "${value}".`);
  }
  return port;
}
