import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, createAutosave, needsAutosave, type AutosaveInput } from './autosave';

const dirty = (lastEditSeq: number, more: Partial<AutosaveInput> = {}): AutosaveInput => ({ dirty: true, lastEditSeq, writtenEditSeq: null, conflict: false, ...more });

describe('needsAutosave', () => {
  it('wants a save for edits no save holds yet, never for a clean doc or during a conflict', () => {
    expect(needsAutosave(dirty(5))).toBe(true);
    expect(needsAutosave(dirty(5, { writtenEditSeq: 4 }))).toBe(true);
    expect(needsAutosave(dirty(5, { writtenEditSeq: 5 }))).toBe(false); // a save of it waits for the server
    expect(needsAutosave(dirty(5, { dirty: false }))).toBe(false);
    expect(needsAutosave(dirty(5, { conflict: true }))).toBe(false);
  });
});

describe('createAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const save = vi.fn(async () => {});
    return { save, autosave: createAutosave({ save }) };
  }

  it('saves once, the delay after the last edit: each new edit starts the wait again', async () => {
    const { save, autosave } = setup();
    autosave.update(dirty(1));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    autosave.update(dirty(2));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a change that is not an edit (a save waiting, then applied) neither restarts nor repeats the wait', async () => {
    const { save, autosave } = setup();
    autosave.update(dirty(1));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    autosave.update(dirty(1)); // the same doc read again
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
    autosave.update(dirty(1, { writtenEditSeq: 1 }));
    autosave.update(dirty(1, { dirty: false, writtenEditSeq: 1 }));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a save that changed nothing (refused as invalid) is not tried again until the next edit', async () => {
    const { save, autosave } = setup();
    autosave.update(dirty(3));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    autosave.update(dirty(3)); // still dirty, nothing written
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
    autosave.update(dirty(4));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('never saves while the last save is refused (a conflict), even when edits go on or the page hides', async () => {
    const { save, autosave } = setup();
    autosave.update(dirty(1));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    autosave.update(dirty(1, { conflict: true }));
    expect(autosave.pending()).toBe(false);
    autosave.update(dirty(2, { conflict: true }));
    await autosave.now();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
    // Resolved (say, keep mine) and edited again: autosave is back.
    autosave.update(dirty(3, { writtenEditSeq: 2 }));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('now (the page is hidden) saves at once and ends the wait; one save at a time', async () => {
    let finish = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const autosave = createAutosave({ save });
    autosave.update(dirty(1));
    const first = autosave.now();
    void autosave.now();
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosave.pending()).toBe(false);
    finish();
    await first;
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
    void autosave.now();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('dispose stops the wait (the editor closed)', async () => {
    const { save, autosave } = setup();
    autosave.update(dirty(1));
    autosave.dispose();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });
});
