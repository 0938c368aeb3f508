import type { StoreWriter } from '../../store/store';
import type { Random } from './random';
import type { MetaRecord } from './records';

const MASK = (1n << 64n) - 1n;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * Makes ids and keys from one persisted counter. An id is the counter run through a keyed
 * bijection of 64-bit integers, so ids never collide, look random, and follow from the seed.
 */
export class IdFactory {
  private readonly key: bigint;

  constructor(private readonly random: Random) {
    const keyStream = random.fork('ids');
    this.key = (BigInt(keyStream.int(0, 2 ** 31)) << 32n) | BigInt(keyStream.int(0, 2 ** 31));
  }

  /** The next sequence number, stored in the same transaction as the row that uses it. */
  async nextSeq(tx: StoreWriter): Promise<number> {
    const counter = await tx.get<MetaRecord>('meta', 'counter');
    const seq = ((counter?.value as number | undefined) ?? 0) + 1;
    await tx.put('meta', { id: 'counter', value: seq });
    return seq;
  }

  /** `prefix_` followed by 13 base-32 characters derived from `seq`. */
  idFor(prefix: string, seq: number): string {
    return `${prefix}_${encode(mix((BigInt(seq) + this.key) & MASK))}`;
  }

  /** A secret-looking key for `purpose`, derived from the seed and `seq`. */
  keyFor(prefix: string, purpose: string, seq: number): string {
    return `${prefix}${this.random.fork(`${purpose}:${seq}`).string(32)}`;
  }

  async next(tx: StoreWriter, prefix: string): Promise<{ id: string; seq: number }> {
    const seq = await this.nextSeq(tx);
    return { id: this.idFor(prefix, seq), seq };
  }
}

// splitmix64's finalizer: a bijection on 64-bit integers.
function mix(value: bigint): bigint {
  let z = value;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

function encode(value: bigint): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < 13; i++) {
    out = ALPHABET[Number(rest & 31n)] + out;
    rest >>= 5n;
  }
  return out;
}
