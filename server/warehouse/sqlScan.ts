/**
 * A lexer for DuckDB's SQL (its PostgreSQL-derived scanner's rules), only as far as telling
 * statements apart and reading their leading words needs: comments (-- and nested /* *\/),
 * strings ('' doubled, E'' with backslash escapes, $tag$ dollar quotes) and quoted names are
 * skipped as a whole, so a `;` or a keyword inside them counts for nothing.
 *
 * Tokens: bare words upper-cased (DETACH, FINANCE), quoted names as `"` + the name, strings as
 * `'`, numbers as `0`, parameters as `$`, any other character as itself.
 */

/** Character classes by code, for a scan that runs over megabytes of pasted SQL. */
export const isBlank = (code: number) => code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 0xfeff || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x3000;
export const isDigit = (code: number) => code >= 48 && code <= 57;
export const isWordStart = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || (code >= 0x80 && !isBlank(code));
export const isWordPart = (code: number) => isWordStart(code) || isDigit(code) || code === 36;

/**
 * Tokens kept of a statement: its class shows in its first words. Only a WITH statement is kept
 * whole (its verb follows the CTEs); the rest of a long one (INSERT … VALUES of a pasted script)
 * is scanned for its end only.
 */
const KEPT_TOKENS = 64;

/** The statements of `sql`, each as its tokens; empty statements (`;;`, only comments) left out. */
export function scanStatements(sql: string): string[][] {
  const statements: string[][] = [];
  let tokens: string[] = [];
  /** Whether the statement is kept whole; null until its first word shows. */
  let whole: boolean | null = null;
  let at = 0;
  while (at < sql.length) {
    const code = sql.charCodeAt(at);
    if (code === 59) {
      if (tokens.length > 0) statements.push(tokens);
      tokens = [];
      whole = null;
      at++;
      continue;
    }
    // Past the kept words, tokens are still read (a `;` in a string must not end the statement) but dropped.
    at = scanToken(sql, at, code, whole === true || tokens.length < KEPT_TOKENS ? tokens : null);
    if (whole === null && tokens.length > 0 && tokens.at(-1) !== '(') whole = tokens.find((token) => token !== '(') === 'WITH';
  }
  if (tokens.length > 0) statements.push(tokens);
  return statements;
}

/**
 * Reads the token (or comment, or blank) at `at` and answers where the next starts; pushes what
 * counts to `tokens` unless that is null.
 */
function scanToken(sql: string, at: number, code: number, tokens: string[] | null): number {
  const next = sql.charCodeAt(at + 1);
  if (isBlank(code)) return at + 1;
  if (code === 45 && next === 45) return lineEnd(sql, at);
  if (code === 47 && next === 42) return commentEnd(sql, at);
  if (code === 39) {
    // E'…' (right after a bare E) takes backslash escapes.
    const escapes = (sql[at - 1] === 'E' || sql[at - 1] === 'e') && !isWordPart(sql.charCodeAt(at - 2));
    tokens?.push("'");
    return quotedEnd(sql, at, "'", escapes);
  }
  if (code === 34) {
    const end = quotedEnd(sql, at, '"', false);
    tokens?.push(`"${sql.slice(at + 1, end - 1).replaceAll('""', '"')}`);
    return end;
  }
  if (code === 36) return dollar(sql, at, tokens);
  if (isWordStart(code)) {
    let end = at + 1;
    while (end < sql.length && isWordPart(sql.charCodeAt(end))) end++;
    tokens?.push(sql.slice(at, end).toUpperCase());
    return end;
  }
  if (isDigit(code) || (code === 46 && isDigit(next))) {
    tokens?.push('0');
    return numberEnd(sql, at);
  }
  tokens?.push(sql[at]);
  return at + 1;
}

export function lineEnd(sql: string, at: number): number {
  const end = sql.indexOf('\n', at);
  return end === -1 ? sql.length : end + 1;
}

/** Digits, a fraction, an exponent (1_000, 1.5, .5, 1e-3). */
export function numberEnd(sql: string, at: number): number {
  let end = at;
  const digits = () => {
    while (end < sql.length && (isDigit(sql.charCodeAt(end)) || sql.charCodeAt(end) === 95)) end++;
  };
  digits();
  if (sql[end] === '.') {
    end++;
    digits();
  }
  if ((sql[end] === 'e' || sql[end] === 'E') && /[+-]?\d/.test(sql.slice(end + 1, end + 3))) {
    end += sql[end + 1] === '+' || sql[end + 1] === '-' ? 2 : 1;
    digits();
  }
  return end;
}

/** Block comments nest, as in PostgreSQL; an unterminated one runs to the end. */
export function commentEnd(sql: string, at: number): number {
  let depth = 0;
  let i = at;
  for (;;) {
    const open = sql.indexOf('/*', i);
    const close = sql.indexOf('*/', i);
    if (close === -1) return sql.length;
    if (open !== -1 && open < close) {
      depth++;
      i = open + 2;
    } else {
      depth--;
      i = close + 2;
      if (depth === 0) return i;
    }
  }
}

/** Past the closing quote; a doubled quote is one character of the text. Unterminated: the end. */
export function quotedEnd(sql: string, at: number, quote: string, escapes: boolean): number {
  let i = at + 1;
  for (;;) {
    const end = sql.indexOf(quote, i);
    if (end === -1) return sql.length;
    if (escapes && backslashed(sql, i, end)) i = end + 1;
    else if (sql[end + 1] === quote) i = end + 2;
    else return end + 1;
  }
}

/** Whether the quote at `end` is escaped by an odd run of backslashes before it (E'' strings). */
function backslashed(sql: string, from: number, end: number): boolean {
  let count = 0;
  for (let i = end - 1; i >= from && sql[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

/** A dollar-quoted string ($$…$$, $tag$…$tag$) or a parameter ($1, $name). */
function dollar(sql: string, at: number, tokens: string[] | null): number {
  // Sticky patterns made here (dollars are rare): a module-level one would share its lastIndex.
  const tagPattern = /\$(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/y;
  tagPattern.lastIndex = at;
  const tag = tagPattern.exec(sql);
  if (tag) {
    tokens?.push("'");
    const end = sql.indexOf(tag[0], at + tag[0].length);
    return end === -1 ? sql.length : end + tag[0].length;
  }
  tokens?.push('$');
  const parameter = /\$(?:\d+|[A-Za-z_]\w*)/y;
  parameter.lastIndex = at;
  return parameter.exec(sql) ? parameter.lastIndex : at + 1;
}
