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
  /**
   * Called between the pieces of long work (each article of an export); the server's one yields
   * to its event loop once work has run for a while, so one long request does not hold the rest.
   */
  pause: () => Promise<void>;
}
