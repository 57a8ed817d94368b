import { describe, expect, it } from 'vitest';
import { clampPercent, loadPercent, savePercent, SPLIT_MAX, SPLIT_MIN, type PreferenceStorage } from './useSplitPercent';

function memoryStorage(): PreferenceStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

describe('split percentages kept per key', () => {
  it('reads back what was saved, per key, rounded to a tenth', () => {
    const storage = memoryStorage();
    savePercent(storage, 'sql.T1', 42.345);
    savePercent(storage, 'sql.T2', 60);
    expect(loadPercent(storage, 'sql.T1', 30)).toBe(42.3);
    expect(loadPercent(storage, 'sql.T2', 30)).toBe(60);
    expect(loadPercent(storage, 'sql.T3', 30)).toBe(30);
  });

  it('falls back on garbage and clamps what is out of bounds', () => {
    const storage = memoryStorage();
    storage.data.set('console.split.a', 'wide');
    storage.data.set('console.split.b', '250');
    expect(loadPercent(storage, 'a', 30)).toBe(30);
    expect(loadPercent(storage, 'b', 30)).toBe(SPLIT_MAX);
    expect(clampPercent(-5)).toBe(SPLIT_MIN);
  });

  it('keeps working when the storage is missing or throws', () => {
    const broken: PreferenceStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => savePercent(broken, 'x', 50)).not.toThrow();
    expect(loadPercent(broken, 'x', 30)).toBe(30);
    expect(loadPercent(null, 'x', 30)).toBe(30);
  });
});
