import { beforeAll } from 'vitest';
import { openPostgresStore } from '../../src/store/postgres';
import { describeItemOrder } from '../engine/webhooks/item-order-suite';
import { freshDatabase, freshSchema } from '../support/postgres-database';

let database: string;

beforeAll(async () => {
  database = await freshDatabase('item_order');
});

describeItemOrder('PostgreSQL store', async (schema) =>
  openPostgresStore(await freshSchema(database, 'item_order'), schema),
);
