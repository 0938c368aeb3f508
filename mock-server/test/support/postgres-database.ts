import pg from 'pg';
import { inject } from 'vitest';

let made = 0;

/** Runs one statement on the test cluster's `postgres` database (or the database at `url`). */
export async function adminQuery(
  sql: string,
  url = inject('postgresUrl'),
  values?: unknown[],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the throwaway cluster (see global-setup.ts) and answers its URL. */
export async function freshDatabase(label: string): Promise<string> {
  const name = `${label}_${process.pid}_${++made}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return inject('postgresUrl').replace(/\/postgres$/, `/${name}`);
}

/** A URL whose tables live in a new, empty schema of the database at `url`. */
export async function freshSchema(url: string, label = 'store'): Promise<string> {
  const name = `${label}_${++made}`;
  await adminQuery(`CREATE SCHEMA "${name}"`, url);
  return `${url}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
}
