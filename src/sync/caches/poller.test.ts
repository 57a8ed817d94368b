import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, type PollerOptions } from './poller';

const backoff = { baseMs: 1000, maxMs: 8000, jitter: 'none' as const };

function setup(overrides: Partial<PollerOptions> = {}) {
  const conditions = { paused: false };
  const task = vi.fn<(signal: AbortSignal) => Promise<void>>(async () => {});
  const poller = createPoller({ name: 'test', intervalMs: 30_000, task, backoff, isPaused: () => conditions.paused, ...overrides });
  return { poller, task, conditions };
}

/** A task whose runs end only when the test says so. */
function controllableTask() {
  const ends: Array<() => void> = [];
  const task = vi.fn((_signal: AbortSignal) => new Promise<void>((resolve) => ends.push(resolve)));
  return { task, finish: () => ends.shift()?.() };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createPoller', () => {
  it('runs at once on start, then every interval', async () => {
    const { poller, task } = setup();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(4);
    poller.stop();
  });

  it('after failures waits the backoff instead, and returns to the interval after a success', async () => {
    const onError = vi.fn();
    const { poller: failing, task } = setup({ onError });
    task.mockRejectedValueOnce(new Error('1')).mockRejectedValueOnce(new Error('2')).mockRejectedValueOnce(new Error('3'));
    failing.start();
    await vi.advanceTimersByTimeAsync(0); // fails (1)
    await vi.advanceTimersByTimeAsync(1000); // fails (2) after 1 s
    await vi.advanceTimersByTimeAsync(2000); // fails (3) after 2 s
    expect(task).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenLastCalledWith(expect.any(Error), 3);
    expect(failing.status().failures).toBe(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(task).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1); // succeeds after 4 s
    expect(task).toHaveBeenCalledTimes(4);
    expect(failing.status()).toMatchObject({ failures: 0, lastSuccessAt: Date.now() });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(task).toHaveBeenCalledTimes(5);
    failing.stop();
  });

  it('does not run while paused, and resumes at once when notified', async () => {
    const { poller, task, conditions } = setup();
    conditions.paused = true;
    poller.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(task).not.toHaveBeenCalled();
    expect(poller.status().paused).toBe(true);
    conditions.paused = false;
    poller.notify();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('pauses between runs when conditions change, and keeps the schedule after a short pause', async () => {
    const { poller, task, conditions } = setup();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(10_000);
    conditions.paused = true;
    poller.notify();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
    // Long paused: the next run is overdue and happens at once.
    conditions.paused = false;
    poller.notify();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    // Briefly paused (a quick switch of windows): the run waits for its normal time.
    await vi.advanceTimersByTimeAsync(5000);
    conditions.paused = true;
    poller.notify();
    conditions.paused = false;
    poller.notify();
    await vi.advanceTimersByTimeAsync(24_999);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('a due timer that finds conditions bad does not run (even without notify)', async () => {
    const { poller, task, conditions } = setup();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    conditions.paused = true;
    await vi.advanceTimersByTimeAsync(90_000);
    expect(task).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('retries at once on resume when it failed just before pausing', async () => {
    const { poller, task, conditions } = setup();
    task.mockRejectedValueOnce(new Error('offline'));
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    conditions.paused = true;
    poller.notify();
    await vi.advanceTimersByTimeAsync(100);
    conditions.paused = false;
    poller.notify();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('never runs two tasks at once; refreshNow during a run runs once more right after it', async () => {
    const { task, finish } = controllableTask();
    const poller = createPoller({ name: 'slow', intervalMs: 1000, task, backoff, isPaused: () => false });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.refreshNow();
    poller.refreshNow();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(poller.status().running).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    finish();
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('refreshNow runs at once between runs', async () => {
    const { poller, task } = setup();
    poller.start();
    await vi.advanceTimersByTimeAsync(1000);
    poller.refreshNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    // …and the interval counts from that run.
    await vi.advanceTimersByTimeAsync(29_999);
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('stop cancels the next run and aborts the running one without counting a failure', async () => {
    const onError = vi.fn();
    const signals: AbortSignal[] = [];
    const task = vi.fn(
      (signal: AbortSignal) =>
        new Promise<void>((_resolve, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const poller = createPoller({ name: 'x', intervalMs: 1000, task, backoff, isPaused: () => false, onError });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(signals[0]?.aborted).toBe(true);
    expect(task).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(poller.status()).toMatchObject({ started: false, running: false, failures: 0 });
  });

  it('a task may stop its own poller', async () => {
    const holder: { poller?: ReturnType<typeof createPoller> } = {};
    const task = vi.fn(async () => holder.poller?.stop());
    holder.poller = createPoller({ name: 'x', intervalMs: 1000, task, backoff, isPaused: () => false });
    holder.poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('restarting while a run is being aborted waits for it, then runs again', async () => {
    const { task, finish } = controllableTask();
    const poller = createPoller({ name: 'x', intervalMs: 1000, task, backoff, isPaused: () => false });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.stop();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('uses injected timers and clock', async () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    const task = vi.fn(async () => {});
    const poller = createPoller({
      name: 'x',
      intervalMs: 500,
      task,
      backoff,
      isPaused: () => false,
      now: () => 0,
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => {},
    });
    poller.start();
    expect(timers.map((t) => t.ms)).toEqual([0]);
    timers[0]?.run();
    await vi.waitFor(() => expect(timers.map((t) => t.ms)).toEqual([0, 500]));
    expect(task).toHaveBeenCalledOnce();
  });
});
