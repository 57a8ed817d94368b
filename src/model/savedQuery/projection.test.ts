import { describe, expect, it } from 'vitest';
import { SAVED_QUERIES_AGGREGATE, type ConsoleEvent } from '../events';
import type { SavedQueryRow } from '../rows';
import { savedQueries } from './projection';
import { savedQueryInverse } from './inverse';

let seq = 0;
function event(type: string, payload: object): ConsoleEvent {
  seq += 1;
  return { id: `E${seq}`, seq, type, aggregateId: SAVED_QUERIES_AGGREGATE, at: 1000 + seq, clientId: 'c', tabId: 't', origin: 'local', v: 1, payload };
}
const { apply, keyOf } = savedQueries;
const run = (...events: ConsoleEvent[]) => events.reduce<SavedQueryRow | undefined>((row, e) => apply(row, e), undefined);
const query = { label: 'Top', sql: 'select 1', description: null, dbId: 1, catalog: null, schema: null };

describe('the savedQueries projection', () => {
  it('a query created here has every field and no server id until its create is answered', () => {
    const created = event('SavedQueryCreated', { id: 'Q1', query });
    expect(keyOf(created)).toBe('Q1');
    expect(run(created)).toMatchObject({ id: 'Q1', serverId: null, query, created: true, isDeleted: false });
    const applied = event('SaveApplied', { changeId: created.id, answer: { savedQueryId: 'Q1', serverId: 42 } });
    expect(keyOf(applied)).toBe('Q1');
    expect(run(created, applied)).toMatchObject({ serverId: 42 });
  });

  it('a query of the server’s list gets a row with what was changed here, under its server id', () => {
    const row = run(event('SavedQueryEdited', { id: 'server:7', serverId: 7, name: 'Top', changes: { label: 'Best' }, from: { label: 'Top' } }), event('SavedQueryFavorited', { id: 'server:7', serverId: 7, name: 'Best' }));
    expect(row).toMatchObject({ id: 'server:7', serverId: 7, query: { label: 'Best' }, created: false, isFavorite: true });
  });

  it('delete leaves a tombstone; restore brings it back as a new query (a new server id will come)', () => {
    const created = event('SavedQueryCreated', { id: 'Q1', query });
    const applied = event('SaveApplied', { changeId: created.id, answer: { savedQueryId: 'Q1', serverId: 42 } });
    const deleted = event('SavedQueryDeleted', { id: 'Q1', serverId: 42, query });
    expect(run(created, applied, deleted)).toMatchObject({ isDeleted: true, serverId: 42 });
    expect(run(created, applied, deleted, event('SavedQueryRestored', { id: 'Q1', query }))).toMatchObject({ isDeleted: false, serverId: null, created: true });
  });

  it('other applied saves (workspace) do not touch it', () => {
    expect(keyOf(event('SaveApplied', { changeId: 'x', answer: { echoed: 'y' } }))).toBeNull();
  });
});

describe('savedQueryInverse', () => {
  it.each([
    ['SavedQueryCreated', { id: 'Q1', query }, { type: 'SavedQueryDeleted', payload: { id: 'Q1', serverId: null, query } }],
    ['SavedQueryDeleted', { id: 'Q1', serverId: 4, query }, { type: 'SavedQueryRestored', payload: { id: 'Q1', query } }],
    ['SavedQueryFavorited', { id: 'Q1', serverId: 4, name: 'Top', redoOf: 'old' }, { type: 'SavedQueryUnfavorited', payload: { id: 'Q1', serverId: 4, name: 'Top' } }],
    [
      'SavedQueryEdited',
      { id: 'Q1', serverId: 4, name: 'Top', changes: { label: 'Best' }, from: { label: 'Top' } },
      { type: 'SavedQueryEdited', payload: { id: 'Q1', serverId: 4, name: 'Best', changes: { label: 'Top' }, from: { label: 'Best' } } },
    ],
  ])('%s', (type, payload, inverse) => expect(savedQueryInverse(event(type, payload))).toEqual(inverse));

  it('outcomes are not undoable', () => expect(savedQueryInverse(event('SaveApplied', { changeId: 'x' }))).toBeNull());
});
