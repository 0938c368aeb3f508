import { describe, it } from 'vitest';
import { freshDatabase } from '../support/postgres-database';
import { checkAbandonedRequestFinishes, checkLateRequestRefused } from '../support/shutdown-checks';

// The stop of a server on PostgreSQL, as test/http/graceful-close.test.ts checks it on the memory
// and SQLite stores.
describe('stopping the server, on PostgreSQL', () => {
  const store = { db: () => freshDatabase('stop'), durable: true };

  it('refuses a request that arrives once it is stopping: 503, Connection: close, nothing run', () =>
    checkLateRequestRefused(store));

  it('closes the store only once a request whose client left has run to its end', () =>
    checkAbandonedRequestFinishes(store));
});
