import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { WarehouseUnavailableError } from './types';

describe('the app’s warehouse', () => {
  const fixture = useFixture();

  it('is a service of the app, copied from the seed cache, and closes with the app', async () => {
    const { app } = await fixture.build();
    const { warehouse, config } = app.services;
    expect(config.warehouseSeedCache).toMatch(/node_modules\/\.cache\/console-warehouse$/);
    const result = await warehouse.execute({ databaseId: 1, schema: 'gaming', sql: 'SELECT count(*) AS n FROM bet_report', limit: 1, queryId: 'n' });
    expect(result.rows.values()).toEqual([{ n: 1_000_000 }]);
    await fixture.close(app);
    await expect(warehouse.schemas(1)).rejects.toThrow(WarehouseUnavailableError);
  });

  it('does not hold up the start of the server or its other APIs', async () => {
    const started = performance.now();
    const { app } = await fixture.build({ warehouseSeedCache: null });
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    // Seeding a million rows takes seconds; the app was ready long before.
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
