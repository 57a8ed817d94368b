/**
 * The cells' grammars (Lezer, CodeMirror's parsers): the editor parses with them as it edits, the
 * cells shown as text are coloured by the same parse, so both show the same colours.
 */
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { python, pythonLanguage } from '@codemirror/lang-python';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import type { LanguageSupport } from '@codemirror/language';
import type { Parser } from '@lezer/common';

export type CellLanguage = 'python' | 'sql' | 'markdown' | 'plaintext';

// DuckDB's SQL is PostgreSQL's, near enough for colours and keywords.
const SQL = sql({ dialect: PostgreSQL, upperCaseKeywords: true });

/** A cell's language as the editor's extension (null: plain text). */
export function languageSupport(language: CellLanguage): LanguageSupport | null {
  if (language === 'python') return python();
  if (language === 'sql') return SQL;
  if (language === 'markdown') return markdown({ base: markdownLanguage });
  return null;
}

/** The parser the editor uses for the language (null: plain text). */
export function parserOf(language: string): Parser | null {
  if (language === 'python') return pythonLanguage.parser;
  if (language === 'sql') return PostgreSQL.language.parser;
  if (language === 'markdown') return markdownLanguage.parser;
  return null;
}
