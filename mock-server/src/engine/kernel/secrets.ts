import type { Random } from './random';

/**
 * Where API keys, public keys and signing secrets come from. The deterministic mock derives them
 * from the seed (`SeededSecrets`), so a restart prints the same demo key; a deployed service
 * draws them from a cryptographic source, so knowing the seed reveals none of them.
 */
export interface SecretSource {
  /**
   * A secret of `length` letters and digits for `label`, such as `api-key:17`. A seeded source
   * answers the same secret for the same label; a random one never does.
   */
  secret(label: string, length: number): string;
}

/**
 * Secrets derived from the seed: the same seed and label always give the same secret.
 *
 * @example
 * ```ts
 * new SeededSecrets(new Random('42')).secret('api-key:1', 32);
 * ```
 */
export class SeededSecrets implements SecretSource {
  constructor(private readonly random: Random) {}

  secret(label: string, length: number): string {
    return this.random.fork(label).string(length);
  }
}
