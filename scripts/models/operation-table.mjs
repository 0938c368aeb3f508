// The operation table every client calls through: one language-neutral row per operation of
// packages/contract/openapi.json, which each emitter renders in its language beside the models.
// A resource method names its operation by id; the method, base, path and which of its values
// go to the path, the query and the body come from here, so no hand-written client types a path.

/**
 * @typedef {{ id: string, method: string, base: 'api' | 'public-article-api' | 'server',
 *   path: string, pathParams: string[], query: string[], body: string[], idempotent: boolean,
 *   paginated: boolean, file: boolean, client: 'main' | 'public-articles' | 'testing' | 'none' }} OperationRow
 * `path` is relative to `base` with `{name}` placeholders named as the contract names them
 * (`/projects/{projectId}/content/{contentId}`); `client` says which client calls the operation:
 * `none` for `/healthz`, `/openapi.json` and the exports in one format at a path of their own
 * (`export.csv`), which our clients reach through `?format=`.
 */

const BASES = [
  { base: 'api', prefix: '/v1' },
  { base: 'public-article-api', prefix: '/public-article-api' },
];

/**
 * The rows of every operation of `model`, in the contract's order.
 *
 * @example
 * operationTable(loadApiModel('packages/contract/openapi.json')).find((row) => row.id === 'content.retrieve');
 * // { id: 'content.retrieve', method: 'GET', base: 'api', path: '/projects/{projectId}/content/{contentId}',
 * //   pathParams: ['projectId', 'contentId'], query: [], body: [], idempotent: false, ... client: 'main' }
 * @param {import('./openapi-model.mjs').ApiModel} model
 * @returns {OperationRow[]}
 */
export function operationTable(model) {
  const schemas = new Map(model.schemas.map((schema) => [schema.name, schema]));
  return model.operations.map((operation) => {
    const located = BASES.find(
      ({ prefix }) => operation.path === prefix || operation.path.startsWith(`${prefix}/`),
    );
    const base = located?.base ?? 'server';
    const body = operation.body ? schemas.get(operation.body) : undefined;
    if (operation.body && !body) throw new Error(`${operation.id}: no schema ${operation.body}`);
    return {
      id: operation.id,
      method: operation.httpMethod,
      base,
      path: located ? operation.path.slice(located.prefix.length) : operation.path,
      pathParams: operation.pathParams.map((param) => param.name),
      query: operation.query.map((param) => param.name),
      body: body ? body.fields.map((field) => field.name) : [],
      idempotent: operation.idempotent === true,
      paginated: operation.success.type?.kind === 'page',
      file: operation.success.kind === 'file',
      client: clientOf(operation, base),
    };
  });
}

function clientOf(operation, base) {
  if (operation.formatOf) return 'none';
  if (base === 'api') return 'main';
  if (base === 'public-article-api') return 'public-articles';
  return operation.path.startsWith('/__admin/') ? 'testing' : 'none';
}

/** `projectId` as `project_id`, for the languages that name values in snake case. */
export function snakeCase(name) {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** `path` with every `{name}` placeholder renamed by `rename`. */
export function renamePlaceholders(path, rename) {
  return path.replace(/\{([A-Za-z_]+)\}/g, (_, name) => `{${rename(name)}}`);
}

/**
 * The client policy of the contract (`x-rankquill-client-policy`) as flat constants named in
 * `SCREAMING_SNAKE`, durations (and the reset timestamp) in seconds, for the languages whose clients count time in
 * seconds: `{ RETRY_INITIAL_DELAY_SECONDS: 0.5, MAX_RETRIES: 2, ... }`.
 *
 * @param {Record<string, unknown>} policy
 * @returns {Array<{ name: string, value: unknown, path: string }>} `path` is the policy's key path.
 */
export function policyConstantsInSeconds(policy) {
  const constants = [];
  const walk = (value, path) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
      return;
    }
    const isDuration = path.some((part) => part.endsWith('Ms'));
    const words = path.map((part) => snakeCase(part.replace(/Ms$/, '')).toUpperCase());
    constants.push({
      name: `${words.join('_')}${isDuration ? '_SECONDS' : ''}`,
      value: isDuration ? Number(value) / 1000 : value,
      path: path.join('.'),
    });
  };
  walk(policy, []);
  return constants;
}
