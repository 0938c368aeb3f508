/**
 * Shorter values are not redacted from text: a key that short is not a secret (tests use `k`),
 * and removing it would mangle every message that contains the letter.
 */
const MIN_REDACTED_LENGTH = 8;

const REDACTED = '[redacted]';

/** Fields of a runtime's connection error worth keeping (Node's `ECONNREFUSED` and the like). */
const CONNECTION_FIELDS = ['code', 'errno', 'syscall', 'address', 'port', 'hostname'] as const;

const MAX_CAUSE_DEPTH = 5;

/**
 * Keeps a client's secrets (its key, a signed URL's query) out of what it shows: error
 * messages, bodies and causes. The values live in a private field, so inspecting this object
 * (or the transport that holds it) does not print them either.
 */
export class Secrets {
  readonly #values: readonly string[];

  constructor(values: Iterable<string>) {
    this.#values = [...new Set(values)].filter((value) => value.length >= MIN_REDACTED_LENGTH);
  }

  /** These secrets and `more`. */
  with(more: Iterable<string>): Secrets {
    return new Secrets([...this.#values, ...more]);
  }

  /** `text` with every secret replaced by `[redacted]`. */
  redact(text: string): string {
    let result = text;
    for (const value of this.#values) result = result.replaceAll(value, REDACTED);
    return result;
  }

  /**
   * A copy of a failure fit to be an error's `cause`: name, message, stack and connection fields
   * (redacted), and the same for its own cause, but nothing else. The failures of ky and of the
   * fetch runtimes carry the `Request`, whose headers hold the key.
   */
  safeCause(failure: unknown, depth = 0): Error | undefined {
    if (failure === undefined || failure === null || depth >= MAX_CAUSE_DEPTH) return undefined;
    if (typeof failure !== 'object') return new Error(this.redact(String(failure)));
    const source = failure as Record<string, unknown> & { errors?: unknown };
    const cause = this.safeCause(source.cause, depth + 1);
    const copy = new Error(
      this.redact(String(source.message ?? '')),
      cause ? { cause } : undefined,
    ) as Error & Record<string, unknown>;
    copy.name = typeof source.name === 'string' ? source.name : 'Error';
    copy.stack =
      typeof source.stack === 'string' ? this.redact(source.stack) : `${copy.name}: ${copy.message}`;
    for (const field of CONNECTION_FIELDS) {
      const value = source[field];
      if (typeof value === 'string') copy[field] = this.redact(value);
      else if (typeof value === 'number') copy[field] = value;
    }
    // Node reports a failed connection to every address of a host as an AggregateError.
    if (Array.isArray(source.errors)) {
      copy.errors = source.errors.slice(0, 10).map((error) => this.safeCause(error, depth + 1));
    }
    return copy;
  }
}
