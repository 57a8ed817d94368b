import { describe, expect, it, vi } from 'vitest';
import { completionsFor, TYPING_WAIT_MS, type CompletionLookups, type CompletionRequest } from './completionSource';
import type { CompletionCatalog } from './completions';

const cached: CompletionCatalog = {
  catalogs: ['lakehouse'],
  schemas: ['main', 'gaming'],
  tables: [{ schema: 'main', name: 'events' }],
  columns: [{ table: 'events', name: 'event_id', type: 'BIGINT' }],
};

function lookups(overrides: Partial<CompletionLookups> = {}) {
  return {
    cached: vi.fn(async () => cached),
    searchTables: vi.fn(async (text: string) => ({
      tables: [{ schema: 'gaming', name: 'bet_report' }, { schema: 'gaming', name: 'bet_legs' }].filter((t) => t.name.includes(text)),
      cut: false,
    })),
    tablesOf: vi.fn(async (schema: string) => [{ schema, name: 'members' }]),
    columnsOf: vi.fn(async (_schema: string, table: string) => [{ table, name: 'username', type: 'VARCHAR' }]),
    ...overrides,
  } satisfies CompletionLookups;
}

const ask = (l: CompletionLookups, request: Partial<CompletionRequest>) => completionsFor(l, { sql: '', word: '', qualifier: null, defaultSchema: null, ...request });
const labels = (result: { suggestions: { kind: string; label: string }[] }) => result.suggestions.map((s) => `${s.kind}:${s.label}`);

describe('completionsFor', () => {
  it("finds tables of schemas never opened through the server's search, inserted with their schema", async () => {
    const l = lookups();
    const result = await ask(l, { sql: 'SELECT * FROM bet_r', word: 'bet_r' });
    expect(l.searchTables).toHaveBeenCalledWith('bet_r');
    expect(result.suggestions).toContainEqual(expect.objectContaining({ kind: 'table', label: 'bet_report', insertText: 'gaming.bet_report' }));
    expect(result.incomplete).toBe(false);
  });

  it("fetches the columns of the statement's tables the cache lacks, finding a bare name's schema by search", async () => {
    const l = lookups();
    const result = await ask(l, { sql: 'SELECT * FROM bet_report JOIN events e WHERE user', word: 'user' });
    expect(l.columnsOf).toHaveBeenCalledTimes(1);
    expect(l.columnsOf).toHaveBeenCalledWith('gaming', 'bet_report');
    expect(labels(result)).toContain('column:username');
  });

  it('asks nothing about the table name being typed', async () => {
    const l = lookups();
    await ask(l, { sql: 'SELECT * FROM gaming.bet', word: 'bet', qualifier: 'gaming' });
    expect(l.columnsOf).not.toHaveBeenCalled();
  });

  it("offers a schema's tables after 'schema.' (Ctrl+Space on an empty word)", async () => {
    const l = lookups();
    const result = await ask(l, { sql: 'SELECT * FROM gaming.', qualifier: 'gaming' });
    expect(l.tablesOf).toHaveBeenCalledWith('gaming');
    expect(l.searchTables).not.toHaveBeenCalled();
    expect(labels(result)).toEqual(['table:members']);
  });

  it('is incomplete when the search was cut, or not asked for an empty word, so Monaco asks again as the word grows', async () => {
    expect((await ask(lookups({ searchTables: async () => ({ tables: [], cut: true }) }), { word: 'b' })).incomplete).toBe(true);
    expect((await ask(lookups(), { word: '' })).incomplete).toBe(true);
  });

  it('answers from the cache when the server is slow, and says when the server has answered', async () => {
    let answer: (value: { tables: { schema: string; name: string }[]; cut: boolean }) => void = () => {};
    const slow = lookups({ searchTables: () => new Promise((resolve) => (answer = resolve)) });
    const started = Date.now();
    const result = await ask(slow, { sql: 'SELECT * FROM e', word: 'e' });
    expect(Date.now() - started).toBeLessThan(TYPING_WAIT_MS + 500);
    expect(labels(result)).toContain('table:events');
    expect(result.incomplete).toBe(true);
    expect(result.late).toBeDefined();
    let settled = false;
    void result.late?.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    answer({ tables: [], cut: false });
    await result.late;
    expect(settled).toBe(true);
  });

  it('has nothing late when the server answers in time', async () => {
    expect((await ask(lookups(), { word: 'bet' })).late).toBeUndefined();
  });

  it('still answers from the cache when the server cannot be reached', async () => {
    const offline = () => Promise.reject(new Error('Network Error'));
    const result = await ask(lookups({ searchTables: offline, tablesOf: offline, columnsOf: offline }), { sql: 'SELECT * FROM bet_report WHERE e', word: 'e' });
    expect(labels(result)).toEqual(expect.arrayContaining(['column:event_id', 'table:events', 'keyword:END']));
  });
});
