import { type Operation, operations } from './operations';

const CREDENTIAL: Record<Operation['auth'], string> = {
  bearer:
    "Takes the main API key (`Authorization: Bearer <API_KEY>`); every call counts against the account's hourly rate limit (`X-RateLimit-*` headers, 429 with `Retry-After` past it).",
  'service-key':
    "Takes the project's public article API key in `X-Service-Key`; call it from server-side code only.",
  admin:
    'Admin route of the reference server: on by default in the mock profile, for requests addressed to a loopback host, with no credential. A server started with `--admin-token` wants `Authorization: Bearer <admin token>` instead; `--no-admin` removes the route.',
  none: 'Takes no credential.',
};

/**
 * The description of an operation in the OpenAPI document: what it does, its credential, and
 * how it pages, takes `Idempotency-Key` or chooses a format, where that applies.
 *
 * @example
 * ```ts
 * describeOperation(operations.find((op) => op.id === 'projects.list')!);
 * // 'List projects. Takes the main API key ... Pages with `limit` ...'
 * ```
 */
export function describeOperation(operation: Operation): string {
  const sentences = [operation.description ?? `${operation.summary}.`];
  if (operation.id === 'exports.download') {
    sentences.push(
      "`expires` and `signature` are the query of the ready export's `download_url`. The media type is that of the export's `format`: JSON (`BulkExportDocument`), a ZIP of CSV files, or a PDF.",
    );
  } else if (operation.formatOf?.operation === 'exports.download') {
    sentences.push(
      `\`expires\` and \`signature\` are the query of the ready export's \`download_url\`, which works at this path too. An export whose \`format\` is not \`${operation.formatOf.format}\` answers 404 naming the path of its file.`,
    );
  } else {
    sentences.push(CREDENTIAL[operation.auth]);
  }
  if (operation.mockOnly) {
    sentences.push('Mock profile only: a server started with `--profile production` answers 404.');
  }
  if (operation.auth === 'admin' && operation.method === 'POST') {
    sentences.push(
      'Send `Content-Type: application/json`, even without a body, unless the server has an admin token: a web page cannot, so it cannot call this route from a browser.',
    );
  }
  if (operation.query?.shape && 'limit' in operation.query.shape && 'offset' in operation.query.shape) {
    sentences.push(
      'Pages with `limit` (1 to 100, default 10) and `offset`; `pagination.has_more` says whether another page follows.',
    );
  }
  if (operation.idempotent) {
    sentences.push(
      'Send an `Idempotency-Key` to make a retry safe: the same key and body within 24 hours replays the first answer.',
    );
  }
  const variants = (operations as readonly Operation[]).filter(
    (other) => other.formatOf?.operation === operation.id,
  );
  if (variants.length > 0) {
    sentences.push(
      `${operation.id === 'exports.download' ? "The export's `format` chooses" : '`format` chooses'} the media type of the answer. Each format also has a path of its own with one media type, for generated clients: ${variants.map((variant) => `\`${variant.path.slice(variant.path.lastIndexOf('/') + 1)}\``).join(', ')}.`,
    );
  }
  if (operation.formatOf?.operation === 'exports.download') {
    sentences.push(
      'One media type, so that a generated client can type the answer; `download_url` itself points at `exports.download`, which answers every format.',
    );
  } else if (operation.formatOf) {
    sentences.push(
      `The same file as \`${operation.formatOf.operation}\` with \`format=${operation.formatOf.format}\`, with one media type so that a generated client can type the answer.`,
    );
  }
  return sentences.join(' ');
}
