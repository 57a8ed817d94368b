import { describe, expect, it } from 'vitest';
import { QueryCancelledError } from '../warehouse/types';
import { BiHttpError } from './errors';
import { previewSql, previewTable } from './preview';
import { FakeWarehouse } from './testing/fakeWarehouse';

const LAKEHOUSE = { id: 1, name: 'lakehouse', catalog: 'lakehouse', allowDml: false };

describe('previewTable', () => {
  it('quotes every name of the SELECT and runs it with a limit of 100 under an id no client_id can have', async () => {
    expect(previewSql('lakehouse', 'gaming', 'x"; DROP TABLE y; --')).toBe('SELECT * FROM "lakehouse"."gaming"."x""; DROP TABLE y; --" LIMIT 100');
    const warehouse = new FakeWarehouse();
    const preview = await previewTable(warehouse, LAKEHOUSE, 'gaming', 'members', 1000);
    expect(preview).toEqual({ columns: [{ column_name: 'n', name: 'n', type: 'INTEGER', is_dttm: false, type_generic: 0 }], data: [{ n: 1 }], rowCount: 1 });
    const [request] = warehouse.requests;
    expect(request).toMatchObject({ databaseId: 1, schema: 'gaming', sql: 'SELECT * FROM "lakehouse"."gaming"."members" LIMIT 100', limit: 100 });
    expect(request.queryId.length).toBeGreaterThan(11);
  });

  it('a preview that outlives the timeout is cancelled: 408 SQLLAB_TIMEOUT_ERROR', async () => {
    const warehouse = new FakeWarehouse();
    warehouse.runUntilCancelled();
    const error = await previewTable(warehouse, LAKEHOUSE, 'gaming', 'members', 20).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BiHttpError);
    expect(error).toMatchObject({ statusCode: 408, body: { errors: [{ error_type: 'SQLLAB_TIMEOUT_ERROR' }] } });
    expect(warehouse.cancelled).toHaveLength(1);
  });

  it('a table dropped after the lookup answers 404; another SQL error 400 with DuckDB text', async () => {
    const warehouse = new FakeWarehouse();
    warehouse.failWith('Catalog Error: Table with name members does not exist!');
    await expect(previewTable(warehouse, LAKEHOUSE, 'gaming', 'members', 1000)).rejects.toMatchObject({ statusCode: 404, body: { message: 'Table gaming.members not found' } });
    warehouse.failWith('Binder Error: something else');
    await expect(previewTable(warehouse, LAKEHOUSE, 'gaming', 'members', 1000)).rejects.toMatchObject({ statusCode: 400, body: { message: 'Binder Error: something else' } });
  });

  it('a preview cancelled by the warehouse shutting down is not reported as a timeout', async () => {
    const warehouse = new FakeWarehouse();
    warehouse.behaviour = async (request) => {
      throw new QueryCancelledError(request.queryId);
    };
    await expect(previewTable(warehouse, LAKEHOUSE, 'gaming', 'members', 1000)).rejects.toMatchObject({ name: 'WarehouseUnavailableError' });
  });
});
