// Seeds a SQLite store with one project of `articles` generated articles (half published) for the
// export benchmarks, through the engine as the API would, and answers what the server needs.
import { Engine, engineSchema, MANUAL_CLOCK_START, ManualClock, openSqliteStore } from '../dist/index.js';

/** Seeds `db` with a project of `articles` articles of about 300 words; answers its id and the demo key. */
export async function seedArticles(db, { articles, seed }) {
  const started = performance.now();
  const store = openSqliteStore(db, engineSchema);
  const engine = await Engine.open({ store, seed, clock: new ManualClock(MANUAL_CLOCK_START) });
  const account = await engine.accounts.authenticate(engine.demo.api_key);
  const project = await engine.projects.create(account, { name: 'Bench', domain: 'bench.example' });
  for (let i = 0; i < articles; i++) {
    await engine.content.create(account, project.id, {
      keyword: `bench topic ${i}`,
      length: 300,
      auto_publish: i % 2 === 0,
    });
  }
  await engine.advance(3600);
  await store.close();
  console.error(`seeded ${articles} articles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { projectId: project.id, apiKey: engine.demo.api_key };
}
