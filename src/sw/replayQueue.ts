import type { ReplayResult } from './replay';

export interface ReplayQueue {
  /** Runs a replay pass; while one runs, waits for it and then runs one more. */
  replay(): Promise<ReplayResult>;
}

/**
 * One replay at a time. A call during a pass schedules one more pass after it (calls made
 * meanwhile share that pass), so a save queued or retried mid-pass is never missed and no
 * save is sent by two passes at once. The state lives in this object, made once in sw.ts.
 */
export function createReplayQueue(pass: () => Promise<ReplayResult>, onPassDone: (result: ReplayResult) => void): ReplayQueue {
  const state: { running: Promise<ReplayResult> | null; next: Promise<ReplayResult> | null } = { running: null, next: null };

  function start(): Promise<ReplayResult> {
    const run = pass().then((result) => {
      onPassDone(result);
      return result;
    });
    state.running = run;
    const clear = () => {
      if (state.running === run) state.running = null;
    };
    run.then(clear, clear);
    return run;
  }

  return {
    replay() {
      if (state.next) return state.next;
      if (!state.running) return start();
      const after = () => {
        state.next = null;
        return start();
      };
      state.next = state.running.then(after, after);
      return state.next;
    },
  };
}
