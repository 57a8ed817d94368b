/** What the editor can suggest: the cached catalog of the tab's database, flattened. */
export interface CompletionCatalog {
  catalogs: string[];
  schemas: string[];
  tables: { schema: string; name: string; comment?: string | null }[];
  columns: { table: string; name: string; type: string; comment?: string | null }[];
}

export type SuggestionKind = 'catalog' | 'schema' | 'table' | 'column' | 'keyword';

export interface Suggestion {
  label: string;
  kind: SuggestionKind;
  detail: string;
  /** Sorts columns of tables named in the statement first, then tables, schemas, keywords. */
  sortText: string;
}

const KEYWORDS = [
  'SELECT', 'FROM', 'WHERE', 'GROUP BY', 'ORDER BY', 'HAVING', 'LIMIT', 'JOIN', 'LEFT JOIN', 'INNER JOIN',
  'ON', 'AS', 'AND', 'OR', 'NOT', 'IN', 'IS NULL', 'IS NOT NULL', 'DISTINCT', 'COUNT', 'SUM', 'AVG',
  'MIN', 'MAX', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'WITH', 'UNION ALL', 'DESC', 'ASC', 'BETWEEN', 'LIKE',
];

/** Identifiers that need no quotes in DuckDB are left bare; others are double-quoted. */
export function quoteIdentifier(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** Table names written in the statement (bare or qualified), lower-cased. */
export function tablesIn(sql: string): Set<string> {
  const found = new Set<string>();
  for (const match of sql.matchAll(/\b(?:from|join)\s+((?:"[^"]+"|[\w$]+)(?:\.(?:"[^"]+"|[\w$]+))*)/gi)) {
    const last = match[1].split('.').pop() ?? '';
    found.add(last.replaceAll('"', '').toLowerCase());
  }
  return found;
}

/** Suggestions for the word being typed; columns of the statement's tables rank first. */
export function suggestionsFor(catalog: CompletionCatalog, sql: string, word: string): Suggestion[] {
  const prefix = word.toLowerCase();
  const used = tablesIn(sql);
  const matches = (label: string) => label.toLowerCase().startsWith(prefix);
  const out: Suggestion[] = [];
  for (const column of catalog.columns) {
    if (!matches(column.name)) continue;
    const rank = used.has(column.table.toLowerCase()) ? '0' : '4';
    out.push({ label: column.name, kind: 'column', detail: `${column.type} · ${column.table}`, sortText: `${rank}${column.name}` });
  }
  for (const table of catalog.tables) {
    if (matches(table.name)) out.push({ label: table.name, kind: 'table', detail: `table · ${table.schema}`, sortText: `1${table.name}` });
  }
  for (const schema of catalog.schemas) if (matches(schema)) out.push({ label: schema, kind: 'schema', detail: 'schema', sortText: `2${schema}` });
  for (const name of catalog.catalogs) if (matches(name)) out.push({ label: name, kind: 'catalog', detail: 'catalog', sortText: `3${name}` });
  for (const keyword of KEYWORDS) if (matches(keyword)) out.push({ label: keyword, kind: 'keyword', detail: 'keyword', sortText: `5${keyword}` });
  return dedupe(out);
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
