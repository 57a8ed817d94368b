import { backoffDelay, type BackoffOptions } from '../backoff';

export interface PollerOptions {
  /** For messages and status only. */
  name: string;
  intervalMs: number;
  /** One poll. The signal aborts when the poller stops. */
  task: (signal: AbortSignal) => Promise<void>;
  /** The waits after failures: backoffDelay(failures - 1) replaces intervalMs. */
  backoff: BackoffOptions;
  /** Offline, no tab visible…: checked before every run. Call notify() whenever it may have changed. */
  isPaused: () => boolean;
  /** Told about each failure (an aborted task is not one). */
  onError?: (error: unknown, failures: number) => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface PollerStatus {
  name: string;
  started: boolean;
  running: boolean;
  paused: boolean;
  /** Failures in a row since the last success. */
  failures: number;
  lastSuccessAt?: number;
}

export interface Poller {
  /** Runs the task at once (unless paused), then every intervalMs. */
  start(): void;
  /** Cancels the next run and aborts the running one. */
  stop(): void;
  /** Runs as soon as possible: at once, or right after the run in progress. */
  refreshNow(): void;
  /** Conditions (isPaused) may have changed: pause, or resume at once if a run is due. */
  notify(): void;
  status(): PollerStatus;
}

interface PollerState {
  started: boolean;
  paused: boolean;
  failures: number;
  /** When the next run is due (0: as soon as possible). */
  dueAt: number;
  timer?: unknown;
  running?: AbortController;
  /** refreshNow() came during a run: run again right after it. */
  again: boolean;
  lastSuccessAt?: number;
}

interface Runtime {
  options: PollerOptions;
  state: PollerState;
  now: () => number;
  setTimer: NonNullable<PollerOptions['setTimer']>;
  clearTimer: NonNullable<PollerOptions['clearTimer']>;
}

function cancelTimer({ state, clearTimer }: Runtime): void {
  if (state.timer !== undefined) clearTimer(state.timer);
  state.timer = undefined;
}

/** Sets the one timer for the next run, or none while paused or running. */
function schedule(runtime: Runtime): void {
  const { state, options } = runtime;
  cancelTimer(runtime);
  if (!state.started || state.running) return;
  state.paused = options.isPaused();
  if (state.paused) return;
  const delay = Math.max(0, state.dueAt - runtime.now());
  state.timer = runtime.setTimer(() => {
    state.timer = undefined;
    void run(runtime);
  }, delay);
}

async function attempt(task: PollerOptions['task'], signal: AbortSignal): Promise<{ ok: true } | { ok: false; error: unknown }> {
  try {
    await task(signal);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

function settle({ state, options, now }: Runtime, outcome: { ok: true } | { ok: false; error: unknown }): void {
  if (outcome.ok) {
    state.failures = 0;
    state.lastSuccessAt = now();
  } else {
    state.failures += 1;
    options.onError?.(outcome.error, state.failures);
  }
  const wait = state.failures > 0 ? backoffDelay(state.failures - 1, options.backoff) : options.intervalMs;
  state.dueAt = state.again ? 0 : now() + wait;
  state.again = false;
}

async function run(runtime: Runtime): Promise<void> {
  const { state, options } = runtime;
  if (!state.started || state.running) return;
  if (options.isPaused()) return schedule(runtime);
  const controller = new AbortController();
  state.running = controller;
  const outcome = await attempt(options.task, controller.signal);
  state.running = undefined;
  // Stopped meanwhile (perhaps by the task itself): an aborted run is no failure, and start() set dueAt.
  if (!controller.signal.aborted) settle(runtime, outcome);
  schedule(runtime);
}

/**
 * Runs `task` every intervalMs, one run at a time; after failures it waits a growing, jittered
 * delay instead; while paused it does not run at all and waits for notify(). Timers and the clock
 * are injectable so the worker and tests drive it alike.
 */
export function createPoller(options: PollerOptions): Poller {
  const runtime: Runtime = {
    options,
    state: { started: false, paused: false, failures: 0, dueAt: 0, again: false },
    now: options.now ?? Date.now,
    setTimer: options.setTimer ?? ((task, ms) => setTimeout(task, ms)),
    clearTimer: options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
  };
  const { state } = runtime;
  return {
    start() {
      if (state.started) return;
      state.started = true;
      state.dueAt = 0;
      schedule(runtime);
    },
    stop() {
      state.started = false;
      cancelTimer(runtime);
      state.running?.abort();
    },
    refreshNow() {
      if (state.running) state.again = true;
      state.dueAt = 0;
      schedule(runtime);
    },
    notify() {
      if (!state.started) return;
      // Failures while conditions were bad (the network was going away) say little: retry at once.
      if (state.paused && !options.isPaused() && state.failures > 0) state.dueAt = 0;
      schedule(runtime);
    },
    status: () => ({ name: options.name, started: state.started, running: state.running !== undefined, paused: state.paused, failures: state.failures, lastSuccessAt: state.lastSuccessAt }),
  };
}
