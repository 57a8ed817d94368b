import type { AuthContext } from './context';

/**
 * Tells long-lived responses (event streams) that the credential they were opened with ended:
 * a session signed out or destroyed, a token family ended (logout, refresh-token reuse). A
 * stream is checked once, when it opens; without this it would go on delivering after logout.
 */
export class CredentialEnds {
  private readonly watchers = new Map<string, Set<() => void>>();

  /** Calls onEnd once when the credential ends; answers the function that stops watching. */
  watch(auth: AuthContext | null, onEnd: () => void): () => void {
    const key = auth ? credentialKey(auth) : null;
    if (key === null) return () => undefined;
    const set = this.watchers.get(key) ?? new Set();
    this.watchers.set(key, set);
    set.add(onEnd);
    return () => {
      set.delete(onEnd);
      if (set.size === 0 && this.watchers.get(key) === set) this.watchers.delete(key);
    };
  }

  sessionEnded(sessionId: string): void {
    this.ended(`session:${sessionId}`);
  }

  familyEnded(familyId: string): void {
    this.ended(`family:${familyId}`);
  }

  private ended(key: string): void {
    const set = this.watchers.get(key);
    this.watchers.delete(key);
    for (const onEnd of set ?? []) onEnd();
  }
}

/** Basic auth is checked per request and has nothing to end. */
function credentialKey(auth: AuthContext): string | null {
  if (auth.method === 'session') return `session:${auth.sessionId}`;
  if (auth.method === 'bearer') return `family:${auth.sid}`;
  return null;
}
