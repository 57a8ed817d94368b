import 'fake-indexeddb/auto';
import { isValid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { loadIdentity, newEvent } from './identity';
import { ConsoleDb } from './schema';
import { freshDbs } from './testing/db';

const freshDb = freshDbs('identity');

describe('loadIdentity', () => {
  it('keeps one clientId per database, across loads and connections; tabIds differ', async () => {
    const db = freshDb();
    const first = await loadIdentity(db);
    const other = new ConsoleDb(db.name);
    const again = await loadIdentity(other);
    other.close();
    expect(isValid(first.clientId)).toBe(true);
    expect(again.clientId).toBe(first.clientId);
    expect(isValid(first.tabId)).toBe(true);
    expect(again.tabId).not.toBe(first.tabId);
  });

  it('mints a single clientId when several tabs load at once', async () => {
    const db = freshDb();
    const tabs = [1, 2, 3].map(() => new ConsoleDb(db.name));
    const ids = await Promise.all(tabs.map((tab) => loadIdentity(tab)));
    tabs.forEach((tab) => tab.close());
    expect(new Set(ids.map((i) => i.clientId)).size).toBe(1);
  });

  it('uses the tabId it is given', async () => {
    expect((await loadIdentity(freshDb(), 'service-worker')).tabId).toBe('service-worker');
  });
});

describe('newEvent', () => {
  const me = { clientId: 'C', tabId: 'T' };

  it('stamps identity and defaults, without a seq', () => {
    const before = Date.now();
    const event = newEvent(me, { type: 'X', aggregateId: 'agg', payload: { a: 1 } });
    expect(event).toMatchObject({ type: 'X', aggregateId: 'agg', payload: { a: 1 }, clientId: 'C', tabId: 'T', origin: 'local', v: 1 });
    expect(event.at).toBeGreaterThanOrEqual(before);
    expect(isValid(event.id)).toBe(true);
    expect(event).not.toHaveProperty('seq');
  });

  it('takes explicit id, time, origin and version', () => {
    const event = newEvent(me, { type: 'X', aggregateId: 'agg', payload: null, id: 'fixed', at: 5, origin: 'replay', v: 2 });
    expect(event).toMatchObject({ id: 'fixed', at: 5, origin: 'replay', v: 2 });
  });
});
