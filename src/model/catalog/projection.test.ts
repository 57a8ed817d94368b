import { describe, expect, it } from 'vitest';
import type { CatalogEditRow } from './types';
import { CATALOG_AGGREGATE, type ConsoleEvent } from '../events';
import { catalogEdits } from './projection';
import { catalogInverse } from './inverse';
import { PROJECTIONS } from '../projections';

// Called through plain functions: `x.apply(undefined, …)` reads to eslint like Function.prototype.apply.
const { apply, keyOf } = catalogEdits;

function event(type: string, payload: object, seq = 7): ConsoleEvent {
  return { id: `E${seq}`, seq, type, aggregateId: CATALOG_AGGREGATE, at: 1000, clientId: 'c', tabId: 't', origin: 'local', v: 1, payload };
}

const ID = 'lakehouse/gaming/bets';
const untouched: CatalogEditRow = { id: ID, deleted: false, seq: 3 };
const created: CatalogEditRow = { id: ID, created: { parentId: 'lakehouse/gaming', type: 'table', name: 'bets', seq: 3, detail: 'table' }, deleted: false, seq: 3 };

describe('catalogEdits projection', () => {
  it('is registered, and keys catalog events by node id (other aggregates and types are not its business)', () => {
    expect(PROJECTIONS).toContain(catalogEdits);
    expect(keyOf(event('CatalogNodeDeleted', { id: ID }))).toBe(ID);
    expect(keyOf({ ...event('CatalogNodeDeleted', { id: ID }), aggregateId: 'T1' })).toBeNull();
    expect(keyOf(event('SqlTabRenamed', { id: ID }))).toBeNull();
  });

  const cases: [string, CatalogEditRow | undefined, string, object, CatalogEditRow | undefined][] = [
    [
      'create',
      undefined,
      'CatalogNodeCreated',
      { id: ID, parentId: 'lakehouse/gaming', type: 'table', name: 'bets', detail: 'table' },
      { ...created, seq: 7, created: { ...created.created!, seq: 7 } },
    ],
    ['create without detail', undefined, 'CatalogNodeCreated', { id: 'x', parentId: null, type: 'catalog', name: 'x' }, { id: 'x', created: { parentId: null, type: 'catalog', name: 'x', seq: 7, detail: null }, deleted: false, seq: 7 }],
    ['create again (redo after undo) revives it in its first place', { ...created, deleted: true, name: 'b2' }, 'CatalogNodeCreated', { id: ID, parentId: 'lakehouse/gaming', type: 'table', name: 'bets' }, { ...created, name: 'b2', seq: 7 }],
    ['rename a server node', undefined, 'CatalogNodeRenamed', { id: ID, name: 'wagers', from: 'bets' }, { id: ID, name: 'wagers', deleted: false, seq: 7 }],
    ['rename a created node', created, 'CatalogNodeRenamed', { id: ID, name: 'wagers', from: 'bets' }, { ...created, name: 'wagers', seq: 7 }],
    ['delete a server node: a tombstone', undefined, 'CatalogNodeDeleted', { id: ID }, { id: ID, deleted: true, seq: 7 }],
    ['delete a created node keeps its row', created, 'CatalogNodeDeleted', { id: ID }, { ...created, deleted: true, seq: 7 }],
    ['restore', { ...created, deleted: true }, 'CatalogNodeRestored', { id: ID }, { ...created, seq: 7 }],
    ['restore with no row changes nothing', undefined, 'CatalogNodeRestored', { id: ID }, undefined],
    ['owner', untouched, 'CatalogOwnerSet', { id: ID, owner: 'system', from: null }, { ...untouched, owner: 'system', seq: 7 }],
    ['owner on a node with no row', undefined, 'CatalogOwnerSet', { id: ID, owner: 'a@b.c', from: null }, { id: ID, owner: 'a@b.c', deleted: false, seq: 7 }],
    ['owner null removes the local owner', { ...untouched, owner: 'system' }, 'CatalogOwnerSet', { id: ID, owner: null, from: 'system' }, { ...untouched, seq: 7 }],
    ['description', untouched, 'CatalogDescriptionSet', { id: ID, description: 'Bets', from: null }, { ...untouched, description: 'Bets', seq: 7 }],
    ['an empty description is a value', untouched, 'CatalogDescriptionSet', { id: ID, description: '', from: null }, { ...untouched, description: '', seq: 7 }],
    ['description null removes the local one', { ...untouched, description: 'Bets' }, 'CatalogDescriptionSet', { id: ID, description: null, from: 'Bets' }, { ...untouched, seq: 7 }],
  ];

  it.each(cases)('%s', (_, before, type, payload, after) => {
    const result = apply(before, event(type, payload));
    expect(result).toEqual(after);
    // No field left behind as `undefined` (a removed owner is gone, not null).
    if (result && after) expect(Object.keys(result).sort()).toEqual(Object.keys(after).sort());
  });

  it.each(cases)('repeating "%s" changes nothing more', (_, before, type, payload) => {
    const once = apply(before, event(type, payload));
    expect(apply(once, event(type, payload))).toEqual(once);
  });

  it('leaves the row alone for events it does not project', () => {
    expect(apply(created, event('SqlTabRenamed', { id: ID, name: 'x' }))).toBe(created);
  });

  it('refuses an event without seq (append assigns it)', () => {
    expect(() => apply(undefined, { ...event('CatalogNodeDeleted', { id: ID }), seq: undefined })).toThrow(/no seq/);
  });
});

describe('catalogInverse', () => {
  const cases: [string, string, object, string, object][] = [
    ['create ↔ delete', 'CatalogNodeCreated', { id: ID, parentId: 'p', type: 'table', name: 'bets' }, 'CatalogNodeDeleted', { id: ID }],
    ['delete ↔ restore', 'CatalogNodeDeleted', { id: ID }, 'CatalogNodeRestored', { id: ID }],
    ['restore ↔ delete', 'CatalogNodeRestored', { id: ID }, 'CatalogNodeDeleted', { id: ID }],
    ['rename back to from', 'CatalogNodeRenamed', { id: ID, name: 'b', from: 'a' }, 'CatalogNodeRenamed', { id: ID, name: 'a', from: 'b' }],
    ['owner back to from', 'CatalogOwnerSet', { id: ID, owner: 'system', from: 'a@b.c' }, 'CatalogOwnerSet', { id: ID, owner: 'a@b.c', from: 'system' }],
    ['owner back to none', 'CatalogOwnerSet', { id: ID, owner: 'system', from: null }, 'CatalogOwnerSet', { id: ID, owner: null, from: 'system' }],
    ['description back to none', 'CatalogDescriptionSet', { id: ID, description: 'd', from: null }, 'CatalogDescriptionSet', { id: ID, description: null, from: 'd' }],
  ];

  it.each(cases)('%s', (_, type, payload, inverseType, inversePayload) => {
    expect(catalogInverse(event(type, payload))).toEqual({ type: inverseType, payload: inversePayload });
  });

  it.each([
    ['rename', { ...created, name: 'a' }, 'CatalogNodeRenamed', { id: ID, name: 'b', from: 'a' }],
    ['owner set', { ...created, owner: 'a@b.c' }, 'CatalogOwnerSet', { id: ID, owner: 'system', from: 'a@b.c' }],
    ['owner set on none', created, 'CatalogOwnerSet', { id: ID, owner: 'system', from: null }],
    ['description set on none', created, 'CatalogDescriptionSet', { id: ID, description: 'd', from: null }],
    ['delete', created, 'CatalogNodeDeleted', { id: ID }],
  ] as const)('an edit (%s) followed by its inverse gives the row back', (_, before, type, payload) => {
    const inverse = catalogInverse(event(type, payload))!;
    const after = apply(apply(before, event(type, payload, 8)), event(inverse.type, inverse.payload, 9));
    expect(after).toEqual({ ...before, seq: 9 });
  });

  it('has nothing for other events', () => {
    expect(catalogInverse({ ...event('SqlTabRenamed', { name: 'x' }), aggregateId: 'T1' })).toBeNull();
  });
});
