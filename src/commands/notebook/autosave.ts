/**
 * How long after the last edit a dirty notebook saves itself. JupyterLab waits 120 s because each
 * of its saves is the only copy that survives a crash and a checkpoint on the server; here every
 * edit is already in this browser's log (nothing typed is lost at any moment), so autosave only
 * bounds how far the server's copy lags behind: 5 s after typing stops keeps other devices and the
 * window for conflicts small, at a few whole-file saves a minute while someone types in bursts.
 */
export const AUTOSAVE_DELAY_MS = 5_000;

/** What autosave needs to know of a doc (its row and its save state). */
export interface AutosaveInput {
  dirty: boolean;
  /** Seq of its latest edit: a new one means the user edited again. */
  lastEditSeq: number;
  /** The last edit its latest save holds (sent or waiting), null if never saved here. */
  writtenEditSeq: number | null;
  /** Its last save was refused (the conflict dialog decides, never autosave). */
  conflict: boolean;
}

/** The doc has edits that no save holds yet, and may be saved without asking. Pure. */
export function needsAutosave({ dirty, lastEditSeq, writtenEditSeq, conflict }: AutosaveInput): boolean {
  return dirty && !conflict && (writtenEditSeq === null || writtenEditSeq < lastEditSeq);
}

export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The debounce of autosave, apart from React: each new edit (re)starts the wait; when it ends,
 * `save` runs once for that edit (a save that fails is not tried again until the next edit, so a
 * refusal is told once). A refused save (conflict) or a clean doc stops the wait. `now` saves at
 * once (the page is being hidden), except during a conflict.
 */
export function createAutosave({ save, delayMs = AUTOSAVE_DELAY_MS, timers = browserTimers }: { save: () => Promise<unknown>; delayMs?: number; timers?: Timers }) {
  let state: AutosaveInput | null = null;
  let handle: unknown;
  let saving: Promise<unknown> | null = null;

  const stop = () => {
    if (handle !== undefined) timers.clear(handle);
    handle = undefined;
  };
  const run = () => {
    // One save at a time: a second would only repeat the first's file.
    saving ??= save().finally(() => {
      saving = null;
    });
    return saving;
  };
  const fire = () => {
    handle = undefined;
    if (state && needsAutosave(state)) void run();
  };

  return {
    /** The doc or its save state changed. */
    update(next: AutosaveInput) {
      const edited = next.lastEditSeq !== state?.lastEditSeq;
      state = next;
      if (!needsAutosave(next)) return stop();
      if (edited) {
        stop();
        handle = timers.set(fire, delayMs);
      }
    },
    /** Saves at once (typing not written yet included: `save` writes it first), unless the last save was refused. */
    now(): Promise<unknown> {
      stop();
      return state?.conflict ? Promise.resolve() : run();
    },
    /** The wait is running. */
    pending: () => handle !== undefined,
    dispose: stop,
  };
}

export type Autosave = ReturnType<typeof createAutosave>;
