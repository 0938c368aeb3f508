import { browserRefusal } from './browser-guard';
import type { ClientErrorClass } from './errors/client-error-class';
import { envRefusalHint, readEnvSetting } from './read-env';

/** The options every client takes, read the same way by each. */
export interface CommonClientOptions {
  apiKey?: string | undefined;
  baseURL?: string | undefined;
  timeout?: number | undefined;
  maxRetries?: number | undefined;
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** What a client is called and where its settings come from, for reading them and for messages. */
export interface ClientDescription {
  /** The class, as in `new Rankquill()`. */
  name: string;
  /** What the key is, such as `the main API key`. */
  key: string;
  keyEnv: string;
  urlEnv: string;
  /** An address of the API, shown in messages, such as `http://127.0.0.1:4010/v1`. */
  exampleURL: string;
  defaultTimeout: number;
  defaultMaxRetries: number;
  /** The client's base error class, thrown for every problem found here. */
  Error: ClientErrorClass;
}

/** The settings of a client, checked: every problem is thrown, naming the option and the fix. */
export interface ClientSettings {
  apiKey: string;
  /** Without a trailing slash. */
  baseURL: string;
  timeout: number;
  maxRetries: number;
}

/**
 * Checks a client's options and fills the missing ones from the environment and the defaults.
 * Refuses a browser unless `dangerouslyAllowBrowser` is set.
 */
export function readClientOptions(options: CommonClientOptions, client: ClientDescription): ClientSettings {
  const refusal = browserRefusal(client.name, client.key, options.dangerouslyAllowBrowser);
  if (refusal) throw new client.Error(refusal);
  const keyReading = options.apiKey === undefined ? readEnvSetting(client.keyEnv) : { value: options.apiKey };
  const apiKey = keyReading.value;
  if (!apiKey) {
    const hint = envRefusalHint(
      client.keyEnv,
      keyReading,
      options.baseURL === undefined ? [client.urlEnv] : [],
    );
    throw new client.Error(
      `No API key: pass \`new ${client.name}({ apiKey })\` or set the ${client.keyEnv} environment variable to ${client.key}.${hint}`,
    );
  }
  return {
    apiKey,
    baseURL: checkedBaseURL(options.baseURL, client),
    timeout: checkedCount('timeout', options.timeout ?? client.defaultTimeout, 1, client),
    maxRetries: checkedCount('maxRetries', options.maxRetries ?? client.defaultMaxRetries, 0, client),
  };
}

function checkedBaseURL(option: string | undefined, client: ClientDescription): string {
  const reading = option === undefined ? readEnvSetting(client.urlEnv) : { value: option };
  const baseURL = reading.value;
  if (!baseURL) {
    throw new client.Error(
      `No base URL: pass \`new ${client.name}({ baseURL })\` or set the ${client.urlEnv} environment variable to the API's address, such as ${client.exampleURL}.${envRefusalHint(client.urlEnv, reading)}`,
    );
  }
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new client.Error(
      `baseURL ${JSON.stringify(baseURL)} is not an absolute URL; use one such as ${client.exampleURL}.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new client.Error(`baseURL must use http or https, got ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    // It would be shown wherever the address is (messages, log lines), and fetch refuses it anyway.
    throw new client.Error(
      `baseURL must not hold a user name or password; pass the key as \`new ${client.name}({ apiKey })\`.`,
    );
  }
  return baseURL.replace(/\/+$/, '');
}

function checkedCount(name: string, value: number, min: number, client: ClientDescription): number {
  if (!Number.isInteger(value) || value < min) {
    throw new client.Error(`${name} must be an integer of ${min} or more, got ${value}.`);
  }
  return value;
}
