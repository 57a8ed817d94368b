import {
  EMPTY_CATALOG,
  mergeCatalogs,
  suggestionsFor,
  tableRefsIn,
  type CompletionCatalog,
  type CompletionColumn,
  type CompletionTable,
  type Suggestion,
  type TableRef,
} from './completions';

/**
 * Where completion looks beyond what is cached: the server, through the metadata cache. Any of
 * them may fail (offline, a table that does not exist): its part is then left out.
 */
export interface CompletionLookups {
  /** Everything kept for the tab's database (no network). */
  cached(): Promise<CompletionCatalog>;
  /** Tables whose name contains `text`, in every schema of the tab's database; `cut` when the server stopped at its limit. */
  searchTables(text: string): Promise<{ tables: CompletionTable[]; cut: boolean }>;
  tablesOf(schema: string): Promise<CompletionTable[]>;
  columnsOf(schema: string, table: string): Promise<CompletionColumn[]>;
}

export interface CompletionRequest {
  /** The whole text of the editor. */
  sql: string;
  /** The word being typed, up to the cursor. */
  word: string;
  /** The name before the dot before the word ("gaming" in "gaming.be"), lower-cased. */
  qualifier: string | null;
  /** The tab's schema. */
  defaultSchema: string | null;
  /** Asked for (Ctrl+Space) rather than shown while typing: worth waiting longer for the server. */
  invoked?: boolean;
}

export interface Completions {
  suggestions: Suggestion[];
  /** Ask again as the word grows: the list may lack matches (the server's search was cut, or not asked). */
  incomplete: boolean;
  /**
   * Set when the server had not answered in time: settles once it has (its answers are then
   * cached), so the editor can ask again and show them.
   */
  late?: Promise<void>;
}

/**
 * How long an answer waits for the server. Monaco ignores typing while an answer is pending, so a
 * slow one would swallow the next words: while typing, the list comes from what is at hand.
 */
export const TYPING_WAIT_MS = 250;
export const INVOKED_WAIT_MS = 2000;

/** What the editor asks for the word at the cursor (the tab's schema is the asker's to add). */
export type Complete = (request: Omit<CompletionRequest, 'defaultSchema'>) => Promise<Completions>;

/** The statement's tables whose columns are fetched for completion, at most. */
const MAX_STATEMENT_TABLES = 8;

/**
 * Suggestions from the cache, plus what the cache lacks: tables of schemas never opened (the
 * server's table search), a schema's tables after "schema.", and the columns of the tables the
 * statement names.
 */
export async function completionsFor(lookups: CompletionLookups, request: CompletionRequest): Promise<Completions> {
  const cached = await quietly(lookups.cached(), EMPTY_CATALOG);
  const { qualifier, word } = request;
  const searching = qualifier === null && word !== '';
  const isSchema = qualifier !== null && cached.schemas.some((s) => s.toLowerCase() === qualifier);
  const noHits = { tables: [], cut: false };
  const remote = [
    searching ? quietly(lookups.searchTables(word), noHits) : Promise.resolve(noHits),
    isSchema ? quietly(lookups.tablesOf(cached.schemas.find((s) => s.toLowerCase() === qualifier) ?? qualifier), []) : Promise.resolve([]),
    statementColumns(lookups, cached, request),
  ] as const;
  const all = Promise.all(remote);
  const answered = await Promise.race([all, delay(request.invoked ? INVOKED_WAIT_MS : TYPING_WAIT_MS).then(() => null)]);
  const [found, schemaTables, columns] = answered ?? [noHits, [], []];
  const catalog = mergeCatalogs(cached, { ...EMPTY_CATALOG, tables: [...found.tables, ...schemaTables], columns });
  const suggestions = suggestionsFor(catalog, request.sql, word, { qualifier, defaultSchema: request.defaultSchema });
  const incomplete = answered === null || found.cut || (qualifier === null && word === '');
  return answered ? { suggestions, incomplete } : { suggestions, incomplete, late: all.then(() => undefined) };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Columns of the statement's tables that the cache does not have yet. */
async function statementColumns(lookups: CompletionLookups, cached: CompletionCatalog, request: CompletionRequest): Promise<CompletionColumn[]> {
  const known = new Set(cached.columns.map((c) => c.table.toLowerCase()));
  // The word being typed is no table yet ("FROM gaming.be").
  const typing = request.word.toLowerCase();
  const missing = tableRefsIn(request.sql)
    .filter((ref) => !known.has(ref.name.toLowerCase()) && ref.name.toLowerCase() !== typing)
    .slice(0, MAX_STATEMENT_TABLES);
  const lists = await Promise.all(
    missing.map(async (ref) => {
      const schema = await schemaOf(lookups, cached, ref, request.defaultSchema);
      return schema === null ? [] : quietly(lookups.columnsOf(schema, ref.name), []);
    }),
  );
  return lists.flat();
}

/** The schema a table name refers to: as written, else where the cache or the server's search has it, else the tab's. */
async function schemaOf(lookups: CompletionLookups, cached: CompletionCatalog, ref: TableRef, defaultSchema: string | null): Promise<string | null> {
  if (ref.schema) return ref.schema;
  const named = (tables: CompletionTable[]) => tables.filter((t) => t.name.toLowerCase() === ref.name.toLowerCase());
  const inCache = named(cached.tables);
  const candidates = inCache.length > 0 ? inCache : named((await quietly(lookups.searchTables(ref.name), { tables: [], cut: false })).tables);
  const preferred = candidates.find((t) => t.schema === (defaultSchema ?? 'main')) ?? candidates[0];
  return preferred?.schema ?? defaultSchema;
}

function quietly<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return promise.catch(() => fallback);
}
