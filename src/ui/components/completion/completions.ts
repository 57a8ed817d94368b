/** A table the editor can suggest, with the schema it is in. */
export interface CompletionTable {
  schema: string;
  name: string;
  comment?: string | null;
}

export interface CompletionColumn {
  table: string;
  name: string;
  type: string;
  comment?: string | null;
}

/** What the editor can suggest: the tab's database's catalog as far as it is known, flattened. */
export interface CompletionCatalog {
  catalogs: string[];
  schemas: string[];
  tables: CompletionTable[];
  columns: CompletionColumn[];
}

export type SuggestionKind = 'catalog' | 'schema' | 'table' | 'column' | 'keyword';

export interface Suggestion {
  label: string;
  kind: SuggestionKind;
  detail: string;
  /** What goes into the text: the label, quoted when it must be, with its schema when it is not the tab's. */
  insertText: string;
  /** Sorts columns of tables named in the statement first, then tables, schemas, keywords. */
  sortText: string;
}

/** A table named after FROM or JOIN: its schema when written, and its alias. Names as DuckDB folds them. */
export interface TableRef {
  schema: string | null;
  name: string;
  alias: string | null;
}

export const EMPTY_CATALOG: CompletionCatalog = { catalogs: [], schemas: [], tables: [], columns: [] };

const KEYWORDS = [
  'SELECT', 'FROM', 'WHERE', 'GROUP BY', 'ORDER BY', 'HAVING', 'LIMIT', 'JOIN', 'LEFT JOIN', 'INNER JOIN',
  'ON', 'AS', 'AND', 'OR', 'NOT', 'IN', 'IS NULL', 'IS NOT NULL', 'DISTINCT', 'COUNT', 'SUM', 'AVG',
  'MIN', 'MAX', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'WITH', 'UNION ALL', 'DESC', 'ASC', 'BETWEEN', 'LIKE',
];
/** Words that may follow a table name and so are never its alias. */
const NOT_ALIAS = new Set(['where', 'join', 'left', 'right', 'inner', 'outer', 'full', 'cross', 'on', 'using', 'group', 'order', 'limit', 'having', 'union', 'natural', 'window', 'qualify']);

/** Identifiers that need no quotes in DuckDB are left bare; others are double-quoted. */
export function quoteIdentifier(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** An identifier as written: quoted ones keep their case, bare ones are folded to lower case. */
function unquote(part: string): string {
  return part.startsWith('"') ? part.slice(1, -1).replaceAll('""', '"') : part.toLowerCase();
}

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const TABLE_REF = new RegExp(String.raw`\b(?:from|join)\s+(${IDENT}(?:\.${IDENT})*)(?:\s+(?:as\s+)?([\w$]+))?`, 'gi');

/** The tables written after FROM and JOIN (catalog.schema.table, schema.table or table), with aliases. */
export function tableRefsIn(sql: string): TableRef[] {
  const refs: TableRef[] = [];
  for (const match of sql.matchAll(TABLE_REF)) {
    // "FROM gaming." is a name still being typed, not a table called gaming.
    if (sql[(match.index ?? 0) + match[0].indexOf(match[1]) + match[1].length] === '.') continue;
    const parts = (match[1].match(new RegExp(IDENT, 'g')) ?? []).map(unquote);
    const name = parts.at(-1) ?? '';
    const alias = match[2] && !NOT_ALIAS.has(match[2].toLowerCase()) ? match[2].toLowerCase() : null;
    refs.push({ schema: parts.length > 1 ? (parts.at(-2) ?? null) : null, name, alias });
  }
  return refs;
}

/** Table names written in the statement, lower-cased. */
export function tablesIn(sql: string): Set<string> {
  return new Set(tableRefsIn(sql).map((ref) => ref.name.toLowerCase()));
}

/** The name before a dot right before the cursor ("gaming." in "FROM gaming.be"), lower-cased; null when there is none. */
export function qualifierBefore(textBeforeWord: string): string | null {
  const match = new RegExp(String.raw`(${IDENT})\.$`).exec(textBeforeWord);
  return match ? unquote(match[1]).toLowerCase() : null;
}

/** Both catalogs' entries, each once (later ones win for the same table or column). */
export function mergeCatalogs(a: CompletionCatalog, b: CompletionCatalog): CompletionCatalog {
  const unique = <T>(items: T[], key: (item: T) => string) => [...new Map(items.map((item) => [key(item), item])).values()];
  return {
    catalogs: unique([...a.catalogs, ...b.catalogs], (name) => name),
    schemas: unique([...a.schemas, ...b.schemas], (name) => name),
    tables: unique([...a.tables, ...b.tables], (t) => `${t.schema}\u0000${t.name}`),
    columns: unique([...a.columns, ...b.columns], (c) => `${c.table}\u0000${c.name}`),
  };
}

export interface SuggestOptions {
  /** The name before the dot before the word (see qualifierBefore). */
  qualifier?: string | null;
  /** The tab's schema: its tables are inserted bare, other schemas' with their schema. */
  defaultSchema?: string | null;
}

/** Suggestions for the word being typed; columns of the statement's tables rank first. */
export function suggestionsFor(catalog: CompletionCatalog, sql: string, word: string, { qualifier = null, defaultSchema = null }: SuggestOptions = {}): Suggestion[] {
  const prefix = word.toLowerCase();
  const matches = (label: string) => label.toLowerCase().startsWith(prefix);
  const scope = qualifier === null ? null : scopeOf(catalog, tableRefsIn(sql), qualifier);
  const used = tablesIn(sql);
  const out: Suggestion[] = [];
  for (const column of catalog.columns) {
    if (!matches(column.name) || (scope && scope.columnsOf !== column.table.toLowerCase())) continue;
    const rank = used.has(column.table.toLowerCase()) ? '0' : '4';
    out.push(identifier(column.name, 'column', `${column.type} · ${column.table}`, rank));
  }
  for (const table of catalog.tables) {
    if (!matches(table.name) || (scope && scope.tablesOf !== table.schema.toLowerCase())) continue;
    const qualified = scope || table.schema === (defaultSchema ?? 'main') ? null : table.schema;
    out.push({ ...identifier(table.name, 'table', `table · ${table.schema}`, '1'), insertText: qualified ? `${quoteIdentifier(qualified)}.${quoteIdentifier(table.name)}` : quoteIdentifier(table.name) });
  }
  if (!scope || scope.schemas) for (const schema of catalog.schemas) if (matches(schema)) out.push(identifier(schema, 'schema', 'schema', '2'));
  if (!scope) {
    for (const name of catalog.catalogs) if (matches(name)) out.push(identifier(name, 'catalog', 'catalog', '3'));
    for (const keyword of KEYWORDS) if (matches(keyword)) out.push({ label: keyword, kind: 'keyword', detail: 'keyword', insertText: keyword, sortText: `5${keyword}` });
  }
  return dedupe(out);
}

function identifier(label: string, kind: SuggestionKind, detail: string, rank: string): Suggestion {
  return { label, kind, detail, insertText: quoteIdentifier(label), sortText: `${rank}${label}` };
}

/** What may follow "<qualifier>.": a catalog's schemas, a schema's tables, or a table's (or alias's) columns. */
interface Scope {
  schemas?: true;
  tablesOf?: string;
  columnsOf?: string;
}

function scopeOf(catalog: CompletionCatalog, refs: TableRef[], qualifier: string): Scope {
  const aliased = refs.find((ref) => ref.alias === qualifier);
  if (aliased) return { columnsOf: aliased.name.toLowerCase() };
  if (catalog.schemas.some((s) => s.toLowerCase() === qualifier) || catalog.tables.some((t) => t.schema.toLowerCase() === qualifier)) return { tablesOf: qualifier };
  if (catalog.catalogs.some((c) => c.toLowerCase() === qualifier)) return { schemas: true };
  return { columnsOf: qualifier };
}

/** One suggestion per label and kind (a column in many tables is offered once, from the best-ranked table). */
function dedupe(suggestions: Suggestion[]): Suggestion[] {
  const best = new Map<string, Suggestion>();
  for (const s of suggestions) {
    const key = `${s.kind}:${s.label}`;
    const seen = best.get(key);
    if (!seen || s.sortText < seen.sortText) best.set(key, s);
  }
  return [...best.values()];
}
