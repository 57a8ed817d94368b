import { describe, expect, it } from 'vitest';
import { humanBytes } from './units';
import { limitText } from './uploadLimit';

describe('the import limit as stated', () => {
  it('is said in human units', () => {
    expect(limitText(50 * 1024 * 1024)).toBe('Up to 50 MB per file');
    expect(limitText(1024)).toBe('Up to 1 KB per file');
  });
});

describe('humanBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [5 * 1024 ** 3, '5 GB'],
    [3 * 1024 ** 5, '3072 TB'],
    [30.25 * 1024 ** 2, '30.3 MB'],
  ])('%d → %s', (bytes, text) => expect(humanBytes(bytes)).toBe(text));
});
