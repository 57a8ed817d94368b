import { describe, expect, it } from 'vitest';
import { lexemes, meaningOf } from './sqlLexemes';

const texts = (sql: string) => lexemes(sql).map((lexeme) => `${lexeme.kind}:${lexeme.text}`);

describe('sqlLexemes', () => {
  it("reads DuckDB's lexemes: strings, escapes, dollar quotes, names, comments, operators", () => {
    expect(texts("select E'it\\'s', x'ff', $t$a'b$t$, \"a\"\"b\" -- c\n/* d /* e */ */ a<=>b::int, 1.5e3")).toEqual([
      'word:select', "string:E'it\\'s'", 'other:,', "string:x'ff'", 'other:,', "string:$t$a'b$t$", 'other:,', 'quoted:"a""b"',
      'comment:-- c\n', 'comment:/* d /* e */ */', 'word:a', 'operator:<=>', 'word:b', 'operator:::', 'word:int', 'other:,', 'number:1.5e3',
    ]);
    expect(texts('a--b')).toEqual(['word:a', 'comment:--b']);
    expect(texts('a - -1')).toEqual(['word:a', 'operator:-', 'operator:-', 'number:1']);
  });

  it('means the same whatever the blanks and the keyword case, but not a string run put on one line', () => {
    expect(meaningOf('select  a\nfrom t -- x\n')).toEqual(meaningOf('SELECT a FROM t -- x'));
    expect(meaningOf("select 'a'\n'b'")).not.toEqual(meaningOf("select 'a' 'b'"));
    expect(meaningOf("select x'ff'")).not.toEqual(meaningOf("select x 'ff'"));
    expect(meaningOf('select "A"')).not.toEqual(meaningOf('select "a"'));
  });
});
