import { describe, expect, it } from 'vitest';
import { DEFAULT_API_MOUNTS } from '../../../contracts/config';
import { humanBytes } from './units';
import { checkSizes, limitText, uploadMaxBytes } from './uploadLimit';

const config = { apis: DEFAULT_API_MOUNTS, features: {}, version: '1' };

describe('the upload limit', () => {
  it('comes from /config.json, else the server default of 50 MB', () => {
    expect(uploadMaxBytes({ ...config, uploadMaxBytes: 1024 })).toBe(1024);
    expect(uploadMaxBytes(config)).toBe(50 * 1024 * 1024);
    expect(uploadMaxBytes({ ...config, uploadMaxBytes: -1 })).toBe(50 * 1024 * 1024);
    expect(limitText(50 * 1024 * 1024)).toBe('Up to 50.0 MB per file');
  });

  it('refuses each file over it by name, with the reason, and keeps the others in order', () => {
    const files = [new File(['x'.repeat(10)], 'a.ipynb'), new File(['x'.repeat(2048)], 'big.ipynb'), new File(['x'.repeat(1024)], 'edge.ipynb')];
    const { ok, refused } = checkSizes(files, 1024);
    expect(ok.map((f) => f.name)).toEqual(['a.ipynb', 'edge.ipynb']);
    expect(refused).toEqual([{ file: 'big.ipynb', reason: '2.0 KB is over the 1.0 KB limit per file.' }]);
  });
});

describe('humanBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [5 * 1024 ** 3, '5.0 GB'],
    [3 * 1024 ** 5, '3072.0 TB'],
  ])('%d → %s', (bytes, text) => expect(humanBytes(bytes)).toBe(text));
});
