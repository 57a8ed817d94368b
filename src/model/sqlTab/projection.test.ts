import { describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../events';
import type { SqlTabRow } from '../rows';
import { EMPTY_TAB_SQL } from './rules';
import { PROJECTIONS } from '../projections';
import { sqlTabInverse } from './inverse';
import { sqlTabs } from './projection';

// Called through plain functions: `x.apply(undefined, …)` reads to eslint like Function.prototype.apply.
const { apply, keyOf } = sqlTabs;

function event(type: string, payload: object = {}, extra: Partial<ConsoleEvent> = {}): ConsoleEvent {
  return { id: `E${extra.seq ?? 7}`, seq: 7, type, aggregateId: 'T1', at: 1000, clientId: 'c', tabId: 't', origin: 'local', v: 1, payload, ...extra };
}

const openedPayload = { id: 'T1', name: 'Untitled 1', sql: 'Select ...', databaseId: 1, catalog: null, schema: 'main', createdBy: 'admin', createdAt: 900 };
const opened = event('SqlTabOpened', openedPayload, { seq: 3 });
const base: SqlTabRow = {
  id: 'T1',
  name: 'Untitled 1',
  sql: 'Select ...',
  results: 'T1',
  databaseId: 1,
  catalog: null,
  schema: 'main',
  tags: [],
  createdBy: 'admin',
  createdAt: 900,
  isFavorite: false,
  estimate: null,
  order: 3,
  isClosed: false,
};
const estimate = { startDttm: 1, endDttm: 2, totalRows: 10, cpuCost: 0.5, outputSize: 100 };

describe('sqlTabs projection', () => {
  it('SqlTabOpened makes a row keyed by the tab id, in order of its seq', () => {
    expect(keyOf(opened)).toBe('T1');
    expect(apply(undefined, opened)).toEqual(base);
  });

  it('a repeated open keeps the first tab', () => {
    const row = { ...base, name: 'Renamed' };
    expect(apply(row, event('SqlTabOpened', { ...openedPayload, name: 'Other' }))).toBe(row);
  });

  const cases: [string, SqlTabRow, string, object, Partial<SqlTabRow>][] = [
    ['rename', base, 'SqlTabRenamed', { name: 'Sales' }, { name: 'Sales' }],
    ['text', base, 'SqlTextChanged', { sql: 'select 2' }, { sql: 'select 2' }],
    ['close', base, 'SqlTabClosed', {}, { isClosed: true, closedSeq: 7 }],
    ['reopen (and activate)', { ...base, isClosed: true, closedSeq: 5 }, 'SqlTabReopened', {}, { isClosed: false, closedSeq: undefined, activatedSeq: 7 }],
    ['activate', base, 'SqlTabActivated', {}, { activatedSeq: 7 }],
    ['activate an empty tab', { ...base, sql: '  ' }, 'SqlTabActivated', {}, { activatedSeq: 7, sql: EMPTY_TAB_SQL }],
    ['reopen an empty tab', { ...base, sql: '', isClosed: true, closedSeq: 5 }, 'SqlTabReopened', {}, { sql: EMPTY_TAB_SQL, isClosed: false, closedSeq: undefined, activatedSeq: 7 }],
    ['schema', base, 'SqlTabSchemaChanged', { databaseId: 2, catalog: 'c', schema: 's' }, { databaseId: 2, catalog: 'c', schema: 's' }],
    ['favorite', base, 'SqlTabFavorited', {}, { isFavorite: true }],
    ['unfavorite', { ...base, isFavorite: true }, 'SqlTabUnfavorited', {}, { isFavorite: false }],
    ['tag', { ...base, tags: ['a'] }, 'SqlTabTagged', { tag: 'b' }, { tags: ['a', 'b'] }],
    ['untag', { ...base, tags: ['a', 'b'] }, 'SqlTabUntagged', { tag: 'a' }, { tags: ['b'] }],
    ['estimate', base, 'SqlTabEstimated', estimate, { estimate }],
    ['another database drops the estimate', { ...base, databaseId: 1, estimate }, 'SqlTabSchemaChanged', { databaseId: 2, catalog: null, schema: null }, { databaseId: 2, schema: null, estimate: null }],
    ['another schema of the same database keeps it', { ...base, databaseId: 1, estimate }, 'SqlTabSchemaChanged', { databaseId: 1, catalog: null, schema: 's' }, { schema: 's', estimate }],
    ['estimate with an engine’s own figures', base, 'SqlTabEstimated', { ...estimate, figures: [{ name: 'Total cost', value: '0.01' }] }, { estimate: { ...estimate, figures: [{ name: 'Total cost', value: '0.01' }] } }],
    ['clear the estimate', { ...base, estimate }, 'SqlTabEstimateCleared', {}, { estimate: null }],
    ['undo links in the payload are ignored', base, 'SqlTabRenamed', { name: 'Sales', undoOf: 'X' }, { name: 'Sales' }],
  ];
  it.each(cases)('%s', (_name, before, type, payload, expected) => {
    const after = apply(before, event(type, payload));
    expect(after).toEqual({ ...before, ...expected });
    if (expected.closedSeq === undefined && 'closedSeq' in expected) expect(after).not.toHaveProperty('closedSeq');
  });

  const unchanged: [string, SqlTabRow, string, object][] = [
    ['same name', base, 'SqlTabRenamed', { name: base.name }],
    ['same text', base, 'SqlTextChanged', { sql: base.sql }],
    ['close a closed tab', { ...base, isClosed: true, closedSeq: 5 }, 'SqlTabClosed', {}],
    ['activate a closed tab', { ...base, isClosed: true, closedSeq: 5 }, 'SqlTabActivated', {}],
    ['favorite twice', { ...base, isFavorite: true }, 'SqlTabFavorited', {}],
    ['unfavorite a plain tab', base, 'SqlTabUnfavorited', {}],
    ['tag twice', { ...base, tags: ['a'] }, 'SqlTabTagged', { tag: 'a' }],
    ['untag a missing tag', base, 'SqlTabUntagged', { tag: 'a' }],
    ['clear a missing estimate', base, 'SqlTabEstimateCleared', {}],
  ];
  it.each(unchanged)('%s returns the same row (no write)', (_name, before, type, payload) => {
    expect(apply(before, event(type, payload))).toBe(before);
  });

  it('ignores events for a tab it never saw opened', () => {
    expect(apply(undefined, event('SqlTabRenamed', { name: 'x' }))).toBeUndefined();
  });

  it('ignores server tabs (numeric ids) and other events', () => {
    expect(keyOf(event('SqlTabOpened', { ...openedPayload, id: '42' }, { aggregateId: '42' }))).toBeNull();
    expect(keyOf(event('WorkspaceFolderCreated', { path: 'x' }))).toBeNull();
  });

  it('refuses an event without seq where it needs one', () => {
    expect(() => apply(undefined, event('SqlTabOpened', openedPayload, { seq: undefined }))).toThrow(/no seq/);
  });

  it('is registered', () => {
    expect(PROJECTIONS.map((p) => p.table)).toContain('sqlTabs');
  });
});

describe('sqlTabInverse', () => {
  /** The tab's history: opened, then the given events with seqs 4, 5, … */
  function history(...rest: [string, object][]): ConsoleEvent[] {
    return [opened, ...rest.map(([type, payload], i) => event(type, payload, { seq: 4 + i, id: `E${4 + i}` }))];
  }

  it.each([
    ['rename → the old name', [['SqlTabRenamed', { name: 'A' }], ['SqlTabRenamed', { name: 'B' }]], { type: 'SqlTabRenamed', payload: { name: 'A' } }],
    ['text → the old text', [['SqlTextChanged', { sql: 'x' }]], { type: 'SqlTextChanged', payload: { sql: 'Select ...' } }],
    ['close → reopen', [['SqlTabClosed', {}]], { type: 'SqlTabReopened', payload: {} }],
    ['reopen → close', [['SqlTabClosed', {}], ['SqlTabReopened', {}]], { type: 'SqlTabClosed', payload: {} }],
    [
      'schema → the old one',
      [['SqlTabSchemaChanged', { databaseId: 2, catalog: 'c', schema: 's' }]],
      { type: 'SqlTabSchemaChanged', payload: { databaseId: 1, catalog: null, schema: 'main' } },
    ],
    ['favorite → unfavorite', [['SqlTabFavorited', {}]], { type: 'SqlTabUnfavorited', payload: {} }],
    ['unfavorite → favorite', [['SqlTabFavorited', {}], ['SqlTabUnfavorited', {}]], { type: 'SqlTabFavorited', payload: {} }],
    ['tag → untag', [['SqlTabTagged', { tag: 'a' }]], { type: 'SqlTabUntagged', payload: { tag: 'a' } }],
    ['untag → tag', [['SqlTabTagged', { tag: 'a' }], ['SqlTabUntagged', { tag: 'a' }]], { type: 'SqlTabTagged', payload: { tag: 'a' } }],
    ['activation is not undoable', [['SqlTabActivated', {}]], null],
    ['estimates are not undoable', [['SqlTabEstimated', estimate]], null],
    ['clearing the estimate is not undoable', [['SqlTabEstimateCleared', {}]], null],
    ['closing a closed tab is no action', [['SqlTabClosed', {}], ['SqlTabClosed', {}]], null],
    ['reopening an open tab is no action', [['SqlTabReopened', {}]], null],
  ] as [string, [string, object][], unknown][])('%s', (_name, rest, expected) => {
    const events = history(...rest);
    expect(sqlTabInverse(events)(events[events.length - 1])).toEqual(expected);
  });

  it('opening is not undoable (it could close the last tab)', () => {
    expect(sqlTabInverse([opened])(opened)).toBeNull();
  });

  it('knows the text before each change, activation defaults included', () => {
    const events = [
      event('SqlTabOpened', { ...openedPayload, sql: '' }, { seq: 3, id: 'O' }),
      event('SqlTabActivated', {}, { seq: 4, id: 'A' }),
      event('SqlTextChanged', { sql: 'one' }, { seq: 5, id: 'T1' }),
      event('SqlTextChanged', { sql: 'two' }, { seq: 6, id: 'T2' }),
    ];
    const invert = sqlTabInverse(events);
    expect(invert(events[2])?.payload).toEqual({ sql: EMPTY_TAB_SQL });
    expect(invert(events[3])?.payload).toEqual({ sql: 'one' });
  });

  it('does not invert events outside the history', () => {
    expect(sqlTabInverse(history())(event('SqlTabRenamed', { name: 'x' }, { id: 'elsewhere' }))).toBeNull();
  });
});
