import type { BackoffOptions } from './backoff';
import { createPoller, type PollerOptions } from './caches/poller';

/** While the server is away: ask after 1 s, then 2, 4, 8, 10, 10… (jittered so tabs spread out). */
export const PROBE_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 10_000, jitter: 'equal' };
/** Once it answers: ask again this often while saves still wait. */
export const PROBE_SLOW_INTERVAL_MS = 10_000;

export interface ServerProbeOptions {
  /** True when the server answers (health API). */
  probe: () => Promise<boolean>;
  /** Whether saves still wait for the server (pending in the log; refused ones wait for the user). */
  hasQueuedSaves: () => Promise<boolean> | boolean;
  /** The server answers and saves wait: the sender sends them. */
  onServerBack: () => void;
  backoff?: BackoffOptions;
  slowIntervalMs?: number;
  setTimer?: PollerOptions['setTimer'];
  clearTimer?: PollerOptions['clearTimer'];
}

export interface ServerProbe {
  /** Starts probing if saves wait; calling it again while started changes nothing. */
  start(): void;
  stop(): void;
  /** Probes at once (the browser says the network is back). */
  probeNow(): void;
}

class ServerAway extends Error {
  constructor() {
    super('The console server does not answer.');
    this.name = 'ServerAway';
  }
}

/**
 * Finds out when the console server is back so waiting saves can be sent, without waiting for
 * the browser's 'online' event (which says nothing about the server). It stops by itself once no
 * save waits, so the app can call start() freely: on boot, on 'online', when a save gets queued.
 */
export function createServerProbe(options: ServerProbeOptions): ServerProbe {
  const poller = createPoller({
    name: 'server-probe',
    intervalMs: options.slowIntervalMs ?? PROBE_SLOW_INTERVAL_MS,
    backoff: options.backoff ?? PROBE_BACKOFF,
    isPaused: () => false,
    setTimer: options.setTimer,
    clearTimer: options.clearTimer,
    task: async () => {
      if (!(await options.hasQueuedSaves())) return poller.stop();
      // A failed probe is a poller failure, so the next one waits the backoff.
      if (!(await options.probe())) throw new ServerAway();
      options.onServerBack();
    },
  });
  return {
    start: () => poller.start(),
    stop: () => poller.stop(),
    probeNow: () => (poller.status().started ? poller.refreshNow() : poller.start()),
  };
}
