import type { Random } from './random';

/**
 * Where keys and secrets come from. The deterministic mock derives them from the seed
 * (`SeededSecrets`), so one seed gives one history; a deployed service draws them from a
 * cryptographic source, so knowing the seed reveals none of them.
 */
export interface SecretSource {
  /**
   * A secret of `length` letters and digits for `label`, such as `api-key:17`. A seeded source
   * answers the same secret for the same label; a random one never does.
   */
  secret(label: string, length: number): string;
  /** `length` random bytes for `label`, such as `signing-secret:42`; seeded like `secret`. */
  bytes(label: string, length: number): Uint8Array;
}

/**
 * Secrets derived from the seed: the same seed and label always give the same secret, whatever
 * the order in which they are asked for.
 *
 * @example
 * ```ts
 * new SeededSecrets(new Random('42')).bytes('signing-secret:1', 32);
 * ```
 */
export class SeededSecrets implements SecretSource {
  constructor(private readonly random: Random) {}

  secret(label: string, length: number): string {
    return this.random.fork(label).string(length);
  }

  bytes(label: string, length: number): Uint8Array {
    const stream = this.random.fork(label);
    return Uint8Array.from({ length }, () => stream.int(0, 255));
  }
}
