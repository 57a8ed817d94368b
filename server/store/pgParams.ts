import type { SqlParams, SqlValue } from './queryable';

type PgValue = string | number | null;

/**
 * The store's SQL with `$name` parameters rewritten to PostgreSQL's positional `$n` (`$1`
 * stays), and the values in that order. Booleans become 1/0 as on SQLite (PostgreSQL reads
 * '1'/'0' into BOOLEAN and INTEGER columns alike); bigints go as text. Quoted text, quoted
 * names and dollar-quoted bodies are copied as they are.
 */
export function positional(sql: string, params: SqlParams | undefined): { text: string; values: PgValue[] | undefined } {
  if (params === undefined) return { text: sql, values: undefined };
  if (Array.isArray(params)) return { text: sql, values: params.map(pgValue) };
  const order = new Map<string, number>();
  const text = rewriteNames(sql, (name) => {
    if (!(name in params)) throw new Error(`No value for the parameter $${name}`);
    if (!order.has(name)) order.set(name, order.size + 1);
    return `$${order.get(name)}`;
  });
  return { text, values: [...order.keys()].map((name) => pgValue(params[name])) };
}

function pgValue(value: SqlValue): PgValue {
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

const NAME = /^\$([A-Za-z_][A-Za-z0-9_]*)/;

function rewriteNames(sql: string, rename: (name: string) => string): string {
  let out = '';
  let at = 0;
  while (at < sql.length) {
    const char = sql[at];
    if (char === "'" || char === '"') {
      const end = sql.indexOf(char, at + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(at, stop);
      at = stop;
      continue;
    }
    const name = char === '$' ? NAME.exec(sql.slice(at)) : null;
    const dollarQuote = char === '$' ? /^\$([A-Za-z_]\w*)?\$/.exec(sql.slice(at)) : null;
    if (dollarQuote) {
      const end = sql.indexOf(dollarQuote[0], at + dollarQuote[0].length);
      const stop = end === -1 ? sql.length : end + dollarQuote[0].length;
      out += sql.slice(at, stop);
      at = stop;
    } else if (name) {
      out += rename(name[1]);
      at += name[0].length;
    } else {
      out += char;
      at += 1;
    }
  }
  return out;
}

/**
 * What a statement is for, for error messages: its verb and table ("UPDATE sessions"),
 * never its values.
 */
export function purposeOf(sql: string): string {
  const words = sql.trim().split(/\s+/).slice(0, 6);
  const verb = (words[0] ?? '').toUpperCase();
  const at = words.findIndex((word, index) => index > 0 && /^(INTO|FROM|UPDATE|TABLE|EXISTS)$/i.test(word));
  const table = at === -1 ? (verb === 'UPDATE' ? words[1] : undefined) : words[at + 1];
  return table ? `${verb} ${table.replace(/[^\w.]/g, '')}` : verb;
}
