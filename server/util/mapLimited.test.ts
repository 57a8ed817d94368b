import { describe, expect, it } from 'vitest';
import { mapLimited } from './mapLimited';

describe('mapLimited', () => {
  it('keeps the input order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimited([30, 5, 20, 1, 10, 2], 2, async (ms, index) => {
      running++;
      most = Math.max(most, running);
      await new Promise((done) => setTimeout(done, ms));
      running--;
      return `${index}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10', '5:2']);
    expect(most).toBe(2);
  });

  it('rejects with the first failure', async () => {
    await expect(mapLimited([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n))).rejects.toThrow('two');
  });

  it('answers an empty list with an empty list', async () => {
    expect(await mapLimited([], 4, async () => 1)).toEqual([]);
  });
});
