import { randomBytes, randomInt } from 'node:crypto';
import { ALPHANUMERIC, type SecretSource } from '../engine/index';

/**
 * Secrets from the operating system's cryptographic random source, as the production profile
 * uses them: 32 letters and digits hold about 190 bits, and the seed says nothing about them.
 *
 * @example
 * ```ts
 * await Engine.open({ store, seed: 1, clock: new SystemClock(), secrets: new CryptoSecrets() });
 * ```
 */
export class CryptoSecrets implements SecretSource {
  secret(_label: string, length: number): string {
    let secret = '';
    for (let i = 0; i < length; i++) secret += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
    return secret;
  }

  bytes(_label: string, length: number): Uint8Array {
    return new Uint8Array(randomBytes(length));
  }
}
