import { signingSecretProblem } from '@rankquill/contract';
import { CliUsageError } from './usage-error';

/** The signing secret of `--signing-secret`, or a usage error that says what is wrong with it. */
export function signingSecretOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const problem = signingSecretProblem(value);
  if (problem !== undefined) {
    throw new CliUsageError(
      `--signing-secret is malformed: ${problem}. Pass the project's signing secret (whsec_ followed by base64), or leave the option out to check x-service-key only.`,
    );
  }
  return value;
}
