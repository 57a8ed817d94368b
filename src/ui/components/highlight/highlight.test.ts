import { describe, expect, it } from 'vitest';
import { highlightLines, type TokenRun } from './highlight';

const textOf = (lines: TokenRun[][]) => lines.map((runs) => runs.map((run) => run.text).join('')).join('\n');
const kindOf = (lines: TokenRun[][], text: string) => lines.flat().find((run) => run.text === text)?.kind;

describe('highlightLines', () => {
  it("colours Python by the editor's grammar and keeps every character and line", () => {
    const source = 'import pandas as pd\n\n# load\ndef f(x):\n    return "a" + 42\n';
    const lines = highlightLines(source, 'python');
    expect(textOf(lines)).toBe(source);
    expect(lines).toHaveLength(6);
    expect(kindOf(lines, 'import')).toContain('tok-keyword');
    expect(kindOf(lines, 'def')).toContain('tok-keyword');
    expect(kindOf(lines, '"a"')).toBe('tok-string');
    expect(kindOf(lines, '42')).toBe('tok-number');
    expect(kindOf(lines, '# load')).toBe('tok-comment');
    expect(kindOf(lines, 'f')).toContain('tok-definition');
  });

  it('colours SQL keywords and strings, and markdown headings', () => {
    const sql = highlightLines("SELECT name FROM t WHERE k = 'x'", 'sql');
    expect(kindOf(sql, 'SELECT')).toBe('tok-keyword');
    expect(kindOf(sql, "'x'")).toBe('tok-string');
    const md = highlightLines('# Title\n\nsome *text*', 'markdown');
    expect(textOf(md)).toBe('# Title\n\nsome *text*');
    expect(md[0].some((run) => run.kind.includes('tok-heading'))).toBe(true);
  });

  it('leaves plain text and broken code uncoloured but whole', () => {
    expect(highlightLines('a\nb', 'plaintext')).toEqual([[{ text: 'a', kind: '' }], [{ text: 'b', kind: '' }]]);
    const broken = 'def (:\n  "unclosed';
    expect(textOf(highlightLines(broken, 'python'))).toBe(broken);
    expect(highlightLines('', 'python')).toEqual([[]]);
  });
});
