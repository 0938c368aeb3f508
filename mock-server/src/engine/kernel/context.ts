import type { Store } from '../../store/store';
import type { Clock } from './clock';
import type { IdFactory } from './ids';
import type { JobQueue } from './jobs';
import type { Random } from './random';
import type { SecretSource } from './secrets';

/** What every engine service is built from. */
export interface EngineContext {
  store: Store;
  clock: Clock;
  random: Random;
  ids: IdFactory;
  jobs: JobQueue;
  /** Keys and secrets: seeded in the mock, cryptographic in a deployment. */
  secrets: SecretSource;
}
