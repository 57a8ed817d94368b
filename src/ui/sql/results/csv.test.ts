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

describe('toTsvRow', () => {
  it('joins a row with tabs, NULL empty', () => {
    expect(toTsvRow([col('a'), col('b'), col('c')], { a: 'x', b: null, c: 3 })).toBe('x\t\t3');
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
