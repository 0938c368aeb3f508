import type { StoreWriter } from '../../store/store';
import type { Random } from './random';
import type { MetaRecord } from './records';
import { type SecretSource, SeededSecrets } from './secrets';

const MASK = (1n << 64n) - 1n;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * Makes ids and keys from one persisted counter. An id is the counter run through a keyed
 * bijection of 64-bit integers, so ids never collide, look random, and follow from the seed;
 * a deployment draws them from a cryptographic source instead (`idSource`), so that neither the
 * seed nor an earlier id tells the next one.
 */
export class IdFactory {
  private readonly key: bigint;
  private readonly secrets: SecretSource;

  /**
   * Ids follow from `random`, or are 65 bits of `idSource` when one is given; keys come from
   * `secrets`, by default derived from `random` too.
   */
  constructor(
    random: Random,
    secrets: SecretSource = new SeededSecrets(random),
    private readonly idSource?: SecretSource,
  ) {
    this.secrets = secrets;
    const keyStream = random.fork('ids');
    this.key = (BigInt(keyStream.int(0, 2 ** 31)) << 32n) | BigInt(keyStream.int(0, 2 ** 31));
  }

  /**
   * The next sequence number of a counter, stored in the same transaction as the row that uses
   * it. Rows that background work writes (jobs, activity entries) count on counters of their own,
   * so when a webhook receiver answers does not change the ids requests get. A counter starts
   * where the main one stands, so ids made before it existed are never made again.
   */
  async nextSeq(tx: StoreWriter, counter: IdCounter = 'main'): Promise<number> {
    const key = counterKey(counter);
    const stored = async (name: string) =>
      (await tx.get<MetaRecord>('meta', name))?.value as number | undefined;
    // A store shared by several servers keeps the counters itself, so that their transactions
    // never write one row; they start where the rows below had got to.
    const sequences = tx.sequences;
    if (sequences) {
      return sequences.next(key, async () => {
        if (counter === 'main') return (await stored(key)) ?? 0;
        const main = counterKey('main');
        return (await stored(key)) ?? (await sequences.last(main)) ?? (await stored(main)) ?? 0;
      });
    }
    let current = await stored(key);
    if (current === undefined && counter !== 'main') current = await stored(counterKey('main'));
    const seq = (current ?? 0) + 1;
    await tx.put('meta', { id: key, value: seq });
    return seq;
  }

  /** `prefix_` followed by 13 base-32 characters derived from `seq`. */
  idFor(prefix: string, seq: number): string {
    if (this.idSource) {
      const bytes = this.idSource.bytes(`id:${prefix}:${seq}`, 9);
      return `${prefix}_${encode(bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n))}`;
    }
    return `${prefix}_${encode(mix((BigInt(seq) + this.key) & MASK))}`;
  }

  /** A key for `purpose`: `prefix` and 32 letters and digits from the secret source. */
  keyFor(prefix: string, purpose: string, seq: number): string {
    return `${prefix}${this.secrets.secret(`${purpose}:${seq}`, 32)}`;
  }

  /** An id of `prefix` from `counter`; one prefix always takes its ids from one counter. */
  async next(
    tx: StoreWriter,
    prefix: string,
    counter: IdCounter = 'main',
  ): Promise<{ id: string; seq: number }> {
    const seq = await this.nextSeq(tx, counter);
    return { id: this.idFor(prefix, seq), seq };
  }
}

/** The counters ids are drawn from: `main` for what requests create, the others for background rows. */
export type IdCounter = 'main' | 'jobs' | 'activity';

function counterKey(counter: IdCounter): string {
  return counter === 'main' ? 'counter' : `counter:${counter}`;
}

// splitmix64's finalizer: a bijection on 64-bit integers.
function mix(value: bigint): bigint {
  let z = value;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

/** Each digit of `toString(32)` as the letter of `ALPHABET` with the same value. */
const FROM_RADIX_32: Record<string, string> = Object.fromEntries(
  [...ALPHABET].map((letter, value) => [value.toString(32), letter]),
);

/** 13 base-32 letters of `ALPHABET`, most significant first (one `toString`, not 13 BigInt shifts). */
function encode(value: bigint): string {
  const digits = value.toString(32).padStart(13, '0');
  let out = '';
  for (let i = 0; i < 13; i++) out += FROM_RADIX_32[digits[i] as string];
  return out;
}
