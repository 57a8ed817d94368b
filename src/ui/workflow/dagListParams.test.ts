import { describe, expect, it } from 'vitest';
import { dagQueryOf, readDagListParams, writeDagListParams } from './dagListParams';

describe('DAG list filters in the URL', () => {
  it('reads every filter and asks the server for that page', () => {
    const filters = readDagListParams(new URLSearchParams('q=etl&tags=finance,daily&owner=ana&status=paused&last=failed&sort=-next_dagrun&page=3'));
    expect(filters).toEqual({ search: 'etl', tags: ['finance', 'daily'], owner: 'ana', status: 'paused', lastRunState: 'failed', sort: '-next_dagrun', page: 2 });
    expect(dagQueryOf(filters)).toEqual({ limit: 10, offset: 20, orderBy: '-next_dagrun', search: 'etl', tags: ['finance', 'daily'], owners: ['ana'], paused: true, lastRunState: 'failed' });
  });
  it('ignores values it does not know instead of sending them', () => {
    const filters = readDagListParams(new URLSearchParams('status=maybe&last=exploded&sort=size&page=-4'));
    expect(filters).toMatchObject({ status: 'all', lastRunState: '', sort: 'dag_id', page: 0 });
    expect(dagQueryOf(filters)).toEqual({ limit: 10, offset: 0, orderBy: 'dag_id' });
  });
  it('a new filter starts on page 1 and keeps the others; defaults leave the URL clean', () => {
    const next = writeDagListParams(new URLSearchParams('q=etl&page=4'), { status: 'active' });
    expect(next.toString()).toBe('q=etl&status=active');
    expect(writeDagListParams(next, { page: 1 }).toString()).toBe('q=etl&status=active&page=2');
    expect(writeDagListParams(next, { status: 'all', search: '' }).toString()).toBe('');
  });
});
