import { describe, expect, it } from 'vitest';
import { readFlag, writeFlag, type FlagStorage } from './useStoredFlag';

function memoryStorage(): FlagStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('stored flags', () => {
  it('reads what was written, and the fallback until then', () => {
    const storage = memoryStorage();
    expect(readFlag(storage, 'x', true)).toBe(true);
    writeFlag(storage, 'x', false);
    expect(storage.items.get('x')).toBe('false');
    expect(readFlag(storage, 'x', true)).toBe(false);
    writeFlag(storage, 'x', true);
    expect(readFlag(storage, 'x', false)).toBe(true);
  });

  it('falls back on anything else stored, no storage, or storage that throws', () => {
    const storage = memoryStorage();
    storage.items.set('x', 'yes');
    expect(readFlag(storage, 'x', true)).toBe(true);
    expect(readFlag(null, 'x', false)).toBe(false);
    const refusing: FlagStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readFlag(refusing, 'x', true)).toBe(true);
    expect(() => writeFlag(refusing, 'x', false)).not.toThrow();
  });
});
