import { describe, expect, it } from 'vitest';
import { sqlPlaceOf, withSqlPlace } from './sqlPlace';
import type { Cell } from './types';

const sqlCell = (metadata: Cell['metadata']): Cell => ({ id: 'c', cell_type: 'code', metadata: { language: 'sql', ...metadata }, source: 'select 1', outputs: [], execution_count: null });

describe('a SQL cell’s place', () => {
  it('reads the database and schema the cell names', () => {
    expect(sqlPlaceOf(sqlCell({ sql: { database_id: 2, schema: 'gaming' } }))).toEqual({ databaseId: 2, schema: 'gaming' });
    expect(sqlPlaceOf(sqlCell({ sql: { database_id: 1 } }))).toEqual({ databaseId: 1, schema: null });
  });

  it('ignores what a hand-edited file got wrong rather than failing the run', () => {
    for (const sql of [undefined, null, 'db', [1], { database_id: '1' }, { database_id: 0 }, { database_id: 1.5 }]) expect(sqlPlaceOf(sqlCell(sql === undefined ? {} : { sql }))).toBeNull();
    expect(sqlPlaceOf(sqlCell({ sql: { database_id: 3, schema: 7 } }))).toEqual({ databaseId: 3, schema: null });
  });

  it('writes the place into the metadata, keeping the rest', () => {
    expect(withSqlPlace({ language: 'sql', tags: ['a'] }, { databaseId: 1, schema: 'main' })).toEqual({ language: 'sql', tags: ['a'], sql: { database_id: 1, schema: 'main' } });
    expect(withSqlPlace({ sql: { database_id: 1, schema: 'main' } }, { databaseId: 2, schema: null })).toEqual({ sql: { database_id: 2 } });
  });
});
