import { createMemoryStore } from '../../../src/store/memory';
import { openSqliteStore } from '../../../src/store/sqlite';
import { describeItemOrder } from './item-order-suite';

describeItemOrder('memory store', async (schema) => createMemoryStore(schema));
describeItemOrder('SQLite store', async (schema) => openSqliteStore(':memory:', schema));
