// Samples, every few milliseconds, what the servers' PostgreSQL connections are doing: how many
// run a statement at once, and which of them wait for a lock, and whose. For the instances
// benchmark: servers writing side by side must never wait for a lock another server holds.
import pg from 'pg';

const SAMPLE_SQL = `
SELECT a.pid, a.application_name AS app, a.state, a.wait_event_type, a.wait_event, left(a.query, 80) AS query,
  (SELECT array_agg(b.application_name) FROM pg_stat_activity b WHERE b.pid = ANY (pg_blocking_pids(a.pid))) AS blockers
FROM pg_stat_activity a
WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.application_name LIKE 'rankquill%'`;

/** Starts sampling the connections of the database at `url`; `stop()` answers what it saw. */
export async function sampleLocks(url, everyMs = 5) {
  const client = new pg.Client({ connectionString: url, application_name: 'lock sampler' });
  await client.connect();
  const seen = { samples: 0, busyTogether: 0, waits: 0, waitsOnAnother: 0, examples: [], servers: new Set() };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(SAMPLE_SQL);
      seen.samples++;
      for (const row of rows) seen.servers.add(row.app);
      const busy = new Set(rows.filter((row) => row.state === 'active').map((row) => row.app));
      if (busy.size > 1) seen.busyTogether++;
      for (const row of rows) {
        if (!row.blockers?.length) continue;
        seen.waits++;
        const another = row.blockers.some((app) => app !== row.app);
        if (another) seen.waitsOnAnother++;
        if (seen.examples.length < 5)
          seen.examples.push(
            `${row.app} waits (${row.wait_event_type}/${row.wait_event}) on ${row.blockers.join(', ')}: ${row.query}`,
          );
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return seen;
    },
  };
}

/** Transactions committed and rolled back in the database at `url` so far (PostgreSQL's counters). */
export async function transactionCounts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The statistics are flushed as transactions end; this reads them as they stand.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query(
      'SELECT xact_commit::float8 AS committed, xact_rollback::float8 AS rolled_back FROM pg_stat_database WHERE datname = current_database()',
    );
    return rows[0];
  } finally {
    await client.end();
  }
}
