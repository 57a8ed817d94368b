/** The browser's StorageManager, when this context has one (service workers do; old browsers may not). */
function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/**
 * Asks the browser to keep the console's IndexedDB data (the event log holds unsent work) when
 * it runs short of space. 'unsupported' when the browser has no StorageManager.persist.
 */
export async function requestPersistentStorage(): Promise<boolean | 'unsupported'> {
  const storage = storageManager();
  if (typeof storage?.persist !== 'function') return 'unsupported';
  try {
    // Already granted: asking again could prompt the user for nothing.
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false; // e.g. refused in a private window: the data is simply not protected
  }
}

/** How much this origin stores and may store, in bytes; null when the browser cannot say. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const storage = storageManager();
  if (typeof storage?.estimate !== 'function') return null;
  try {
    const { usage, quota } = await storage.estimate();
    return usage === undefined || quota === undefined ? null : { usage, quota };
  } catch {
    return null;
  }
}
