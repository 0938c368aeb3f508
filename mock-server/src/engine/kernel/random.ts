/**
 * Seeded pseudo-random numbers (sfc32, seeded through cyrb128). The engine draws every id,
 * key, generated word and simulated figure from here, so one seed gives one history.
 *
 * @example
 * ```ts
 * const random = new Random('42');
 * const id = `proj_${random.string(16)}`; // the same for the same seed, every run
 * ```
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    for (let i = 0; i < 12; i++) this.next();
  }

  /**
   * A float in [0, 1).
   *
   * @example
   * ```ts
   * const roll = random.next();
   * ```
   */
  next(): number {
    this.a |= 0;
    this.b |= 0;
    this.c |= 0;
    this.d |= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /**
   * An integer in [min, max], both included.
   *
   * @example
   * ```ts
   * const position = random.int(1, 100);
   * ```
   */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /**
   * True with probability `p`.
   *
   * @example
   * ```ts
   * if (random.chance(0.25)) mentions.push(brand);
   * ```
   */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /**
   * One of `items`, each as likely; a `RangeError` for an empty list.
   *
   * @example
   * ```ts
   * const engine = random.pick(['chatgpt', 'perplexity', 'gemini']);
   * ```
   */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /**
   * A new array with the items in random order.
   *
   * @example
   * ```ts
   * const order = random.shuffle(competitors);
   * ```
   */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /**
   * `length` characters from `alphabet`.
   *
   * @example
   * ```ts
   * const secret = random.string(32); // letters and digits
   * ```
   */
  string(length: number, alphabet = ALPHANUMERIC): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /**
   * An independent stream for `label`: the same seed and label always give the same stream.
   *
   * @example
   * ```ts
   * const rankings = random.fork('rankings'); // draws here leave `random` unchanged
   * ```
   */
  fork(label: string): Random {
    return new Random(`${this.seed}\u0000${label}`);
  }
}

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
