import { describe, expect, it } from 'vitest';
import { HashGate } from './hashGate';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('HashGate', () => {
  it('runs two at a time, queues four, refuses the rest, and hands each freed slot to the next in line', async () => {
    const gate = new HashGate(2, 4);
    const holds = Array.from({ length: 6 }, deferred);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      running += 1;
      most = Math.max(most, running);
      await holds[index].promise;
      running -= 1;
      return index;
    };
    const accepted = holds.map((_, index) => gate.tryRun(task(index)));
    expect(accepted.every((promise) => promise !== null)).toBe(true);
    expect(gate.tryRun(async () => 'late')).toBeNull();
    await Promise.resolve();
    expect(started).toEqual([0, 1]);

    holds[0].resolve();
    expect(await accepted[0]).toBe(0);
    // Task 2 took the freed slot; the newcomer takes the fourth place in the queue, behind 3, 4 and 5.
    const newcomer = gate.tryRun(async () => 'newcomer');
    expect(newcomer).not.toBeNull();
    for (const hold of holds) hold.resolve();
    expect(await Promise.all(accepted)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await newcomer).toBe('newcomer');
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gate.tryRun(async () => 'idle again')).not.toBeNull();
  });

  it('frees the slot when a task fails', async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.tryRun(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.tryRun(async () => 'next')).toBe('next');
  });

  it('serves trusted tasks first, from a line of their own that a full queue does not close', async () => {
    const gate = new HashGate(1, 1);
    const hold = deferred();
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(name);
      await hold.promise;
    };
    const running = gate.tryRun(task('running'));
    const queued = gate.tryRun(task('queued'));
    expect(gate.tryRun(task('refused'))).toBeNull();
    const trusted = gate.tryRun(task('trusted'), true);
    expect(trusted).not.toBeNull();
    hold.resolve();
    await Promise.all([running, queued, trusted]);
    expect(order).toEqual(['running', 'trusted', 'queued']);
  });
});
