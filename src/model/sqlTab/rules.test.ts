import { describe, expect, it } from 'vitest';
import type { SqlTabRow } from '../rows';
import {
  EMPTY_TAB_NAME_MESSAGE,
  EMPTY_TAB_SQL,
  NEW_TAB_SQL,
  TAB_NAME_TOO_LONG_MESSAGE,
  activeOf,
  canClose,
  closedStack,
  isServerTabId,
  neighbourAfterClose,
  planRestore,
  sqlOnActivate,
  untitledTabName,
  validateTabName,
} from './rules';

/** A tab row; `order` defaults to the id's position in 'ABCDEFG'. */
function tab(id: string, extra: Partial<SqlTabRow> = {}): SqlTabRow {
  return {
    id,
    name: `Tab ${id}`,
    sql: 'select 1',
    results: id,
    databaseId: 1,
    catalog: null,
    schema: 'main',
    tags: [],
    createdBy: 'admin',
    createdAt: 0,
    isFavorite: false,
    estimate: null,
    order: 'ABCDEFG'.indexOf(id) + 1,
    isClosed: false,
    ...extra,
  };
}
const closed = (id: string, closedSeq: number) => tab(id, { isClosed: true, closedSeq });
const active = (id: string, activatedSeq: number) => tab(id, { activatedSeq });

describe('isServerTabId', () => {
  it.each([
    ['1', true],
    ['42', true],
    ['007', true],
    ['', false],
    ['01JABCDEF', false],
    ['12a', false],
    [' 12', false],
    ['-1', false],
    ['1.5', false],
  ])('%j → %s', (id, expected) => {
    expect(isServerTabId(id)).toBe(expected);
  });
});

describe('validateTabName', () => {
  const long = 'x'.repeat(100);
  it.each([
    ['Sales', { ok: true, name: 'Sales' }],
    ['  Sales  ', { ok: true, name: 'Sales' }],
    ['\tQ1 report\n', { ok: true, name: 'Q1 report' }],
    ['Untitled 1', { ok: true, name: 'Untitled 1' }],
    [long, { ok: true, name: long }],
    [`  ${long}  `, { ok: true, name: long }],
    ['😀'.repeat(100), { ok: true, name: '😀'.repeat(100) }],
    ['', { ok: false, message: EMPTY_TAB_NAME_MESSAGE }],
    ['   ', { ok: false, message: EMPTY_TAB_NAME_MESSAGE }],
    ['\t\n', { ok: false, message: EMPTY_TAB_NAME_MESSAGE }],
    [`${long}y`, { ok: false, message: TAB_NAME_TOO_LONG_MESSAGE }],
    ['😀'.repeat(101), { ok: false, message: TAB_NAME_TOO_LONG_MESSAGE }],
  ])('%j', (input, expected) => {
    expect(validateTabName(input)).toEqual(expected);
  });

  it('says what is wrong in words', () => {
    expect(EMPTY_TAB_NAME_MESSAGE).toMatch(/empty/);
    expect(TAB_NAME_TOO_LONG_MESSAGE).toMatch(/100/);
  });
});

describe('untitledTabName', () => {
  it.each([
    [[], 'Untitled 1'],
    [['Untitled 1'], 'Untitled 2'],
    [['Untitled 2'], 'Untitled 1'],
    [['Untitled 1', 'Untitled 2', 'Untitled 4'], 'Untitled 3'],
    [['Untitled 3', 'Untitled 1', 'Untitled 2'], 'Untitled 4'],
    [['Untitled 1', 'Untitled 1'], 'Untitled 2'],
    [['Untitled', 'untitled 1', 'Untitled 1 copy', 'Untitled 01', 'Untitled 0'], 'Untitled 1'],
    [['Sales', 'Untitled 1'], 'Untitled 2'],
  ])('%j → %s', (names, expected) => {
    expect(untitledTabName(names)).toBe(expected);
  });
});

describe('sqlOnActivate', () => {
  it.each([
    ['', EMPTY_TAB_SQL],
    ['  \n\t', EMPTY_TAB_SQL],
    ['select 1', 'select 1'],
    [' select 1 ', ' select 1 '],
  ])('%j → %j', (sql, expected) => {
    expect(sqlOnActivate(sql)).toBe(expected);
  });

  it('uses the exact default text', () => {
    expect(EMPTY_TAB_SQL).toBe('SELECT * from DEFAULT;');
  });
});

describe('activeOf', () => {
  it.each([
    ['no tabs', [], null],
    ['none activated', [tab('A'), tab('B')], null],
    ['the last activated', [active('A', 5), active('B', 9), active('C', 7)], 'B'],
    ['closed tabs do not count', [active('A', 5), tab('B', { activatedSeq: 9, isClosed: true, closedSeq: 10 })], 'A'],
    ['only closed ones activated', [tab('A'), tab('B', { activatedSeq: 9, isClosed: true, closedSeq: 10 })], null],
  ])('%s', (_name, tabs, expected) => {
    expect(activeOf(tabs)).toBe(expected);
  });
});

describe('closedStack', () => {
  it('lists closed tabs, most recently closed first', () => {
    const tabs = [closed('A', 3), tab('B'), closed('C', 8), closed('D', 5)];
    expect(closedStack(tabs).map((t) => t.id)).toEqual(['C', 'D', 'A']);
  });
});

describe('neighbourAfterClose', () => {
  it.each([
    ['middle → previous', ['A', 'B', 'C'], 'B', 'A'],
    ['last → previous', ['A', 'B', 'C'], 'C', 'B'],
    ['first → the first remaining', ['A', 'B', 'C'], 'A', 'B'],
    ['the only tab → none', ['A'], 'A', null],
    ['order, not array position', ['C', 'A', 'B'], 'C', 'B'],
  ])('%s', (_name, ids, closing, expected) => {
    expect(neighbourAfterClose(ids.map((id) => tab(id)), closing)).toBe(expected);
  });

  it('skips closed tabs', () => {
    expect(neighbourAfterClose([tab('A'), closed('B', 4), tab('C')], 'C')).toBe('A');
  });
});

describe('canClose', () => {
  it.each([
    ['two open tabs', [tab('A'), tab('B')], 'A', true],
    ['the last open tab', [tab('A')], 'A', false],
    ['the last open one beside closed ones', [tab('A'), closed('B', 4)], 'A', false],
  ])('%s', (_name, tabs, closing, expected) => {
    expect(canClose(tabs, closing)).toBe(expected);
  });
});

describe('planRestore', () => {
  it('no tabs → opens "Untitled 1" with the starter text', () => {
    expect(planRestore([])).toEqual({ tabs: [], activeId: null, open: { name: 'Untitled 1', sql: NEW_TAB_SQL } });
    expect(NEW_TAB_SQL).toBe('Select ...');
  });

  it.each([
    ['only closed tabs', [closed('A', 3)]],
    ['only server tabs', [tab('12'), tab('7')]],
  ])('%s count as none', (_name, tabs) => {
    expect(planRestore(tabs).open).toEqual({ name: 'Untitled 1', sql: NEW_TAB_SQL });
  });

  it('drops duplicate ids (the first in order wins) and server tabs', () => {
    const plan = planRestore([tab('B', { order: 2 }), tab('A'), tab('B', { order: 9, name: 'dup' }), tab('123', { order: 4 })]);
    expect(plan.tabs.map((t) => [t.id, t.name])).toEqual([
      ['A', 'Tab A'],
      ['B', 'Tab B'],
    ]);
  });

  it('keeps the active tab', () => {
    const plan = planRestore([active('A', 3), active('B', 6)]);
    expect(plan.activeId).toBe('B');
    expect(plan).not.toHaveProperty('activate');
    expect(plan).not.toHaveProperty('open');
  });

  it('activates the first tab when none is active', () => {
    expect(planRestore([tab('B'), tab('A')])).toMatchObject({ activeId: 'A', activate: 'A' });
  });
});
