import { describe, expect, it } from 'vitest';
import { serial } from './serial';

/** A promise settled from outside, to hold a task open while others are queued. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('serial()', () => {
  it('runs tasks one at a time, in the order they were queued', async () => {
    const queue = serial();
    const log: string[] = [];
    const first = gate();
    const a = queue(async () => {
      log.push('a starts');
      await first.opened;
      log.push('a ends');
      return 'a';
    });
    const b = queue(() => {
      log.push('b');
      return 'b';
    });
    const c = queue(async () => {
      log.push('c');
      return 'c';
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual(['a starts']);
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'b', 'c']);
  });

  it('a failure rejects its caller and the tasks after it still run', async () => {
    const queue = serial();
    const failed = queue(async () => {
      throw new Error('boom');
    });
    const thrown = queue(() => {
      throw new Error('sync boom');
    });
    const after = queue(() => 'still runs');
    await expect(failed).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync boom');
    await expect(after).resolves.toBe('still runs');
  });

  it('keeps each queue apart: a held task does not hold another queue', async () => {
    const held = serial();
    const other = serial();
    const first = gate();
    const blocked = held(() => first.opened);
    await expect(other(() => 'free')).resolves.toBe('free');
    first.open();
    await blocked;
  });
});
