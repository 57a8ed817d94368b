/** The part of the Web Locks API leader election needs (navigator.locks fits it). */
export interface LockRequester {
  request(name: string, options: { signal?: AbortSignal }, callback: (lock: Lock | null) => Promise<void>): Promise<void>;
}

export interface Leadership {
  /** Gives up leadership (the next tab takes over at once) or stops waiting for it. */
  stop(): void;
}

export const leaderLockName = (name: string) => `console-leader:${name}`;

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * Exactly one tab holds the Web Lock `console-leader:<name>` and runs `onLeader`; the others wait in
 * the lock's queue. The browser releases a lock when its tab closes, so the next tab in the queue
 * takes over at once — no heartbeats, no timeouts. `onLeader`'s signal aborts when this tab stops
 * leading; it should undo what it set up.
 */
export function runAsLeader(
  name: string,
  onLeader: (signal: AbortSignal) => Promise<void> | void,
  locks: LockRequester | undefined = globalThis.navigator?.locks,
): Leadership {
  const controller = new AbortController();
  const lead = async () => {
    await onLeader(controller.signal);
    // Hold the lock until stopped (or until the tab goes away).
    await untilAborted(controller.signal);
  };
  if (!locks) {
    // No Web Locks (a page served over plain http): each tab leads itself rather than nobody.
    void lead();
  } else {
    locks.request(leaderLockName(name), { signal: controller.signal }, lead).catch((error: unknown) => {
      // Aborted while waiting is how stop() works; anything else broke onLeader.
      if (!controller.signal.aborted) console.error(`Leader "${name}" failed`, error);
    });
  }
  return { stop: () => controller.abort() };
}
