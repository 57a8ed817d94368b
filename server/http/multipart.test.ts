import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, parseMultipart } from './multipart';

const body = (text: string) => Buffer.from(text.replace(/\n/g, '\r\n'));

describe('parseMultipart', () => {
  it('reads fields and files, keeping the file bytes (CRLF and dashes inside) as sent', () => {
    const parts = parseMultipart(
      body('preamble\n--b\nContent-Disposition: form-data; name="path"\n\nin/sub\n--b\nContent-Disposition: form-data; name="file"; filename="a.ipynb"\nContent-Type: application/json\n\n{\n--a\n}\n--b--\n'),
      'b',
    );
    expect(parts.map((part) => [part.name, part.filename, part.data.toString()])).toEqual([
      ['path', undefined, 'in/sub'],
      ['file', 'a.ipynb', '{\r\n--a\r\n}'],
    ]);
  });

  it('takes the boundary quoted or bare, and refuses a body without one or cut short', () => {
    expect(boundaryOf('multipart/form-data; boundary="x y"')).toBe('x y');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary=abc')).toBe('abc');
    expect(() => boundaryOf('multipart/form-data')).toThrow(MultipartError);
    expect(() => parseMultipart(body('--b\nContent-Disposition: form-data; name="f"\n\nno end'), 'b')).toThrow('ends inside a part');
    expect(() => parseMultipart(body('nothing here'), 'b')).toThrow('no parts');
    expect(() => parseMultipart(body('--b\nContent-Type: text/plain\n\nx\n--b--'), 'b')).toThrow('no field name');
  });
});
