import type { StoreWriter } from '../../store/store';
import type { Random } from './random';
import type { MetaRecord } from './records';
import { type SecretSource, SeededSecrets } from './secrets';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * Makes ids and keys from one persisted counter. An id is the counter run through a keyed
 * bijection of 64-bit integers, so ids never collide, look random, and follow from the seed;
 * a deployment draws them from a cryptographic source instead (`idSource`), so that neither the
 * seed nor an earlier id tells the next one.
 */
export class IdFactory {
  /** The key added to each counter value, as the high and low 32 bits. */
  private readonly keyHigh: number;
  private readonly keyLow: number;
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
    this.keyHigh = keyStream.int(0, 2 ** 31);
    this.keyLow = keyStream.int(0, 2 ** 31);
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
      return `${prefix}_${encodeBits(bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n))}`;
    }
    // seq + key in 64 bits, as two 32-bit halves (seq < 2^53 and the key < 2^63: no overflow).
    const low = (seq % 2 ** 32) + this.keyLow;
    const high = Math.floor(seq / 2 ** 32) + this.keyHigh + (low >= 2 ** 32 ? 1 : 0);
    return `${prefix}_${encode(mix(high >>> 0, low >>> 0))}`;
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

// splitmix64's finalizer, a bijection on 64-bit integers, on two 32-bit halves (the BigInt form
// it replaces cost a request a microsecond): z ^= z >> 30; z *= C1; z ^= z >> 27; z *= C2;
// z ^= z >> 31. Answers [high, low].
function mix(high: number, low: number): [number, number] {
  let [h, l] = xorShifted(high, low, 30);
  [h, l] = multiply(h, l, 0xbf58476d, 0x1ce4e5b9);
  [h, l] = xorShifted(h, l, 27);
  [h, l] = multiply(h, l, 0x94d049bb, 0x133111eb);
  return xorShifted(h, l, 31);
}

/** z ^ (z >> bits), for 0 < bits < 32. */
function xorShifted(high: number, low: number, bits: number): [number, number] {
  return [(high ^ (high >>> bits)) >>> 0, (low ^ ((low >>> bits) | (high << (32 - bits)))) >>> 0];
}

/** (high, low) × (cHigh, cLow) modulo 2^64. */
function multiply(high: number, low: number, cHigh: number, cLow: number): [number, number] {
  // low × cLow in full, from 16-bit pieces (each product is exact in a double).
  const a0 = low & 0xffff;
  const a1 = low >>> 16;
  const b0 = cLow & 0xffff;
  const b1 = cLow >>> 16;
  const p00 = a0 * b0;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const middle = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  const productLow = ((middle << 16) | (p00 & 0xffff)) >>> 0;
  const productHigh = a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (middle >>> 16);
  return [(productHigh + Math.imul(low, cHigh) + Math.imul(high, cLow)) >>> 0, productLow];
}

/** 13 base-32 letters of `ALPHABET` for the 64-bit (high, low), most significant first. */
function encode([high, low]: [number, number]): string {
  let out = '';
  // Letters 0-5 take bits 0-29 of low; letter 6 bits 30-31 of low and 0-2 of high; 7-12 the rest.
  for (let i = 0; i < 6; i++) out = ALPHABET[(low >>> (5 * i)) & 31] + out;
  out = ALPHABET[((low >>> 30) | (high << 2)) & 31] + out;
  for (let i = 0; i < 6; i++) out = ALPHABET[(high >>> (3 + 5 * i)) & 31] + out;
  return out;
}

/** 13 base-32 letters of `ALPHABET` for the low 65 bits of `value`, most significant first. */
function encodeBits(value: bigint): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < 13; i++) {
    out = ALPHABET[Number(rest & 31n)] + out;
    rest >>= 5n;
  }
  return out;
}
