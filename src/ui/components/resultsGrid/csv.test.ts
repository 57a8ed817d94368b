import { describe, expect, it } from 'vitest';
import type { ResultColumn } from '../../../../contracts/bi';
import { csvBlob, csvField, csvFileName, toCsv, toTsvRow, UTF8_BOM } from './csv';

const col = (name: string, type = 'VARCHAR'): ResultColumn => ({ column_name: name, name, type, is_dttm: false });

describe('csvField (RFC 4180)', () => {
  it('leaves plain values alone', () => {
    expect(csvField('abc')).toBe('abc');
    expect(csvField(42)).toBe('42');
    expect(csvField(true)).toBe('true');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('writes NULL as an empty field and an empty string as ""', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('""');
  });

  it('writes structs and lists as JSON, quoted when they contain commas or quotes', () => {
    expect(csvField([1, 2])).toBe('"[1,2]"');
    expect(csvField({ a: 'x' })).toBe('"{""a"":""x""}"');
  });

  it('quotes tabs only when tab is the delimiter', () => {
    expect(csvField('a\tb')).toBe('a\tb');
    expect(csvField('a\tb', '\t')).toBe('"a\tb"');
    expect(csvField('a,b', '\t')).toBe('a,b');
  });
});

describe('toCsv', () => {
  const columns = [col('id', 'INTEGER'), col('name'), col('note')];
  const rows = [
    { id: 1, name: 'Ann', note: null },
    { id: 2, name: 'Bob, Jr.', note: 'said "ok"\nthen left' },
  ];

  it('writes a header and CRLF-terminated records', () => {
    expect(toCsv(columns, rows)).toBe('id,name,note\r\n1,Ann,\r\n2,"Bob, Jr.","said ""ok""\nthen left"\r\n');
  });

  it('follows the given (displayed) order', () => {
    expect(toCsv(columns, rows, [1, 0]).split('\r\n').slice(1, 3).map((line) => line.slice(0, 1))).toEqual(['2', '1']);
  });

  it('quotes header names that need it', () => {
    expect(toCsv([col('a,b')], [])).toBe('"a,b"\r\n');
  });
});

describe('formula injection (OWASP CSV injection)', () => {
  const numeric = (name: string, type = 'BIGINT'): ResultColumn => ({ ...col(name, type), type_generic: 0 });

  it('prefixes text cells starting with =, +, -, @, tab or CR with a single quote', () => {
    const columns = [col('v')];
    const lines = (values: string[]) => toCsv(columns, values.map((v) => ({ v }))).split('\r\n').slice(1, -1);
    expect(lines(['=1+1', '+1', '-1', '@SUM(A1)', '=HYPERLINK("http://x","y")'])).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", '"\'=HYPERLINK(""http://x"",""y"")"']);
    expect(toCsv(columns, [{ v: '\tx' }])).toBe("v\r\n'\tx\r\n");
    expect(toCsv(columns, [{ v: '\r=x' }])).toBe('v\r\n"\'\r=x"\r\n');
    // Only the first character counts; harmless text is left alone.
    expect(lines(['a=b', ' =1', "'quoted", ''])).toEqual(['a=b', ' =1', "'quoted", '""']);
  });

  it('leaves numbers of numeric columns as numbers (they are values, not formulas), BIGINTs sent as text included', () => {
    const columns = [numeric('n'), numeric('big'), numeric('d', 'DECIMAL(18,2)'), col('t')];
    const rows = [{ n: -5, big: '-9007199254740993', d: -1.5e-7, t: '-5' }];
    expect(toCsv(columns, rows)).toBe("n,big,d,t\r\n-5,-9007199254740993,-1.5e-7,'-5\r\n");
    // A numeric column's cell that is not a number is text like any other.
    expect(toCsv([numeric('x', 'DOUBLE')], [{ x: '-Infinity' }])).toBe("x\r\n'-Infinity\r\n");
    // Numbers in a text column are numbers all the same.
    expect(toCsv([col('mixed')], [{ mixed: -3 }])).toBe('mixed\r\n-3\r\n');
  });

  it('neutralises header names too, and writes everything as it is when turned off', () => {
    expect(toCsv([col('=cmd')], [{ '=cmd': '@x' }])).toBe("'=cmd\r\n'@x\r\n");
    expect(toCsv([col('=cmd')], [{ '=cmd': '@x' }], null, { neutralize: false })).toBe('=cmd\r\n@x\r\n');
    expect(toCsv([col('v')], [{ v: '-1' }, { v: '=2' }], [1, 0], { neutralize: false })).toBe('v\r\n=2\r\n-1\r\n');
  });
});

describe('toTsvRow', () => {
  it('joins a row with tabs, NULL empty', () => {
    expect(toTsvRow([col('a'), col('b'), col('c')], { a: 'x', b: null, c: 3 })).toBe('x\t\t3');
  });

  it('neutralises formulas as the CSV export does (a pasted row must not run =HYPERLINK)', () => {
    const numeric: ResultColumn = { ...col('n', 'BIGINT'), type_generic: 0 };
    const row = { a: '=HYPERLINK("http://evil.example","click")', b: '@SUM(A1)', n: -5, t: '-5' };
    expect(toTsvRow([col('a'), col('b'), numeric, col('t')], row)).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"\t\'@SUM(A1)\t-5\t\'-5');
  });
});

describe('download', () => {
  it('adds .csv to the file name when missing', () => {
    expect(csvFileName('results')).toBe('results.csv');
    expect(csvFileName('Q1.CSV')).toBe('Q1.CSV');
    expect(csvFileName('  ')).toBe('results.csv');
  });

  it('starts the file with a UTF-8 BOM so Excel reads accents right', async () => {
    const blob = csvBlob('é\r\n');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(UTF8_BOM).toBe('\uFEFF');
  });
});
