import { describe, expect, it, vi } from 'vitest';
import { useFixture } from '../testing/harness';
import { biClient } from './testing/client';

/**
 * SQL runs under DuckDB's memory_limit and threads (CONSOLE_SQL_MEMORY_MB, CONSOLE_SQL_THREADS) and
 * answers at its timeout (CONSOLE_SQL_TIMEOUT_SECONDS) even when DuckDB does not stop in time: one
 * string_agg of 2 GB took the console from 0.3 to ~5 GB and overran the 30 s timeout by 11 s.
 */
vi.setConfig({ testTimeout: 120_000 });

const fixture = useFixture();

/** The highest RSS of this process (the server runs in it) while `work` runs, sampled every 20 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

describe('SQL resource limits', () => {
  it('fails a query that needs more memory than CONSOLE_SQL_MEMORY_MB with a clear error, and the console stays small', async () => {
    const { app } = await fixture.build({ sqlMemoryMb: 256, sqlThreads: 1 });
    const client = await biClient(app);
    expect((await client.execute({ sql: 'select 1 as warm' })).statusCode).toBe(200);
    // 2 GB of text in one aggregate.
    const { result: response, growthMb } = await peakRss(() => client.execute({ sql: "select length(string_agg(repeat('x', 1000), '')) as n from range(2000000)" }));
    console.info(`a 2 GB string_agg under a 256 MB memory_limit: answered ${response.statusCode}, the console grew ${growthMb.toFixed(0)} MB at most`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Out of Memory Error: .*\n?.*SQL may use at most 256 MB at once \(CONSOLE_SQL_MEMORY_MB\)/);
    expect(response.json().message).not.toMatch(/SET memory_limit/);
    expect(growthMb).toBeLessThan(600);
    // The console goes on answering SQL.
    expect((await client.execute({ sql: 'select 42 as answer' })).json().data).toEqual([{ answer: 42 }]);
  });

  it('answers a query that DuckDB cannot interrupt at once timed out within ~1 s of CONSOLE_SQL_TIMEOUT_SECONDS', async () => {
    const { app } = await fixture.build({ sqlTimeoutSeconds: 1, sqlThreads: 1 });
    const client = await biClient(app);
    expect((await client.execute({ sql: 'select 1 as warm' })).statusCode).toBe(200);
    // DuckDB checks for an interrupt between chunks of work: all 1000 rows are one chunk, and the regex
    // over 2 MB per row keeps it busy for seconds (13 s for 2000 rows on an idle core).
    const sql = "with t as materialized (select repeat('ab', 1000000) s) select count(*) as n from range(1000), t where regexp_matches(t.s, 'a[^x]*c' || range::varchar)";
    const started = performance.now();
    const response = await client.execute({ sql, client_id: 'slowregex1' });
    const elapsed = performance.now() - started;
    console.info(`a query DuckDB cannot interrupt at once, with a 1 s timeout: answered ${response.statusCode} after ${elapsed.toFixed(0)} ms`);
    expect(response.statusCode).toBe(408);
    expect(response.json()).toMatchObject({ status: 'timed_out', message: 'The query exceeded the 1 seconds timeout.' });
    expect(elapsed).toBeLessThan(1000 + 2000);
  });
});
