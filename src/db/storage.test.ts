import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage, storageEstimate } from './storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubStorage(storage: Partial<StorageManager> | undefined) {
  vi.stubGlobal('navigator', { storage });
}

describe('requestPersistentStorage', () => {
  it('is unsupported without navigator.storage', async () => {
    stubStorage(undefined);
    expect(await requestPersistentStorage()).toBe('unsupported');
  });

  it('asks for persistence and reports the answer', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    stubStorage({ persist, persisted: vi.fn().mockResolvedValue(false) });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
  });

  it('does not ask again when already persisted', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    stubStorage({ persist, persisted: vi.fn().mockResolvedValue(true) });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('reports a refusal or an error as false', async () => {
    stubStorage({ persist: vi.fn().mockResolvedValue(false) });
    expect(await requestPersistentStorage()).toBe(false);
    stubStorage({ persist: vi.fn().mockRejectedValue(new Error('nope')) });
    expect(await requestPersistentStorage()).toBe(false);
  });
});

describe('storageEstimate', () => {
  it('is null without navigator.storage', async () => {
    stubStorage(undefined);
    expect(await storageEstimate()).toBeNull();
  });

  it('returns usage and quota', async () => {
    stubStorage({ estimate: vi.fn().mockResolvedValue({ usage: 10, quota: 100 }) });
    expect(await storageEstimate()).toEqual({ usage: 10, quota: 100 });
  });

  it('is null when the browser leaves a number out or fails', async () => {
    stubStorage({ estimate: vi.fn().mockResolvedValue({ usage: 10 }) });
    expect(await storageEstimate()).toBeNull();
    stubStorage({ estimate: vi.fn().mockRejectedValue(new Error('nope')) });
    expect(await storageEstimate()).toBeNull();
  });
});
