import { commentEnd, isBlank, isDigit, isWordPart, isWordStart, lineEnd, numberEnd, quotedEnd } from '../warehouse/sqlScan';

/**
 * DuckDB's SQL read as its scanner reads it, for checking that a rewrite (Format) kept the
 * query's meaning: the same lexemes in the same order, whatever the blanks between them.
 */
export interface Lexeme {
  kind: 'word' | 'string' | 'quoted' | 'number' | 'operator' | 'comment' | 'other';
  text: string;
  start: number;
  end: number;
}

/** Characters PostgreSQL's scanner reads as one operator when they follow each other. */
const OPERATOR_CHARS = new Set('+-*/<>=~!@#%^&|`');

/** The lexemes of `sql`, blanks left out; a word touching a string (E'…', X'…', B'…') is one string. */
export function lexemes(sql: string): Lexeme[] {
  const out: Lexeme[] = [];
  let at = 0;
  while (at < sql.length) {
    const code = sql.charCodeAt(at);
    if (isBlank(code)) {
      at++;
      continue;
    }
    const [kind, end] = lexemeAt(sql, at, code, out.at(-1));
    if (kind === 'string' && out.at(-1)?.kind === 'word' && out.at(-1)?.end === at) {
      out[out.length - 1] = { kind, text: sql.slice(out[out.length - 1].start, end), start: out[out.length - 1].start, end };
    } else {
      out.push({ kind, text: sql.slice(at, end), start: at, end });
    }
    at = end;
  }
  return out;
}

function lexemeAt(sql: string, at: number, code: number, previous: Lexeme | undefined): [Lexeme['kind'], number] {
  const next = sql.charCodeAt(at + 1);
  if (code === 45 && next === 45) return ['comment', lineEnd(sql, at)];
  if (code === 47 && next === 42) return ['comment', commentEnd(sql, at)];
  if (code === 39) {
    const escapes = previous?.kind === 'word' && previous.end === at && /^e$/i.test(previous.text);
    return ['string', quotedEnd(sql, at, "'", escapes)];
  }
  if (code === 34) return ['quoted', quotedEnd(sql, at, '"', false)];
  if (code === 36) return dollarAt(sql, at);
  if (isWordStart(code)) {
    let end = at + 1;
    while (end < sql.length && isWordPart(sql.charCodeAt(end))) end++;
    return ['word', end];
  }
  if (isDigit(code) || (code === 46 && isDigit(next))) return ['number', numberEnd(sql, at)];
  if (OPERATOR_CHARS.has(sql[at])) return ['operator', operatorEnd(sql, at)];
  if (code === 58) return ['operator', sql[at + 1] === ':' || sql[at + 1] === '=' ? at + 2 : at + 1];
  return ['other', at + 1];
}

/** A run of operator characters, ended where a comment starts inside it (`a-- x` is `a` and a comment). */
function operatorEnd(sql: string, at: number): number {
  let end = at + 1;
  while (end < sql.length && OPERATOR_CHARS.has(sql[end]) && !/^(--|\/\*)$/.test(sql.slice(end, end + 2))) end++;
  return end;
}

/** A dollar-quoted string ($$…$$, $tag$…$tag$) or a parameter ($1, $name). */
function dollarAt(sql: string, at: number): [Lexeme['kind'], number] {
  const tag = /\$(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/y;
  tag.lastIndex = at;
  const found = tag.exec(sql);
  if (found) {
    const end = sql.indexOf(found[0], at + found[0].length);
    return ['string', end === -1 ? sql.length : end + found[0].length];
  }
  const parameter = /\$(?:\d+|[A-Za-z_]\w*)/y;
  parameter.lastIndex = at;
  return ['other', parameter.exec(sql) ? parameter.lastIndex : at + 1];
}

/**
 * What a query means, as far as its text can tell: its lexemes, bare words in one case (DuckDB
 * folds them), comments with their blanks collapsed, and for a string that follows another
 * whether a line break parts them (`'a'\n'b'` is one string 'ab'; `'a' 'b'` is a syntax error).
 */
export function meaningOf(sql: string): string[] {
  const all = lexemes(sql);
  return all.map((lexeme, index) => {
    if (lexeme.kind === 'word') return lexeme.text.toUpperCase();
    if (lexeme.kind === 'comment') return lexeme.text.trim().replace(/\s+/g, ' ');
    if (lexeme.kind !== 'string') return lexeme.text;
    const before = previousCode(all, index);
    if (before?.kind !== 'string') return lexeme.text;
    return `${/[\n\r]/.test(sql.slice(before.end, lexeme.start)) ? '\n' : ' '}${lexeme.text}`;
  });
}

function previousCode(all: Lexeme[], index: number): Lexeme | undefined {
  for (let i = index - 1; i >= 0; i--) if (all[i].kind !== 'comment') return all[i];
  return undefined;
}
