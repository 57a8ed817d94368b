import { describe, expect, it } from 'vitest';
import { dequeue, EMPTY_QUEUE, enqueue, finish, interrupt, startNext } from './runQueue';

describe('runQueue', () => {
  it('runs queued cells in order, one at a time', () => {
    let queue = enqueue(EMPTY_QUEUE, ['a', 'b', 'c']);
    const started: string[] = [];
    for (;;) {
      const next = startNext(queue);
      expect(startNext(next.queue).start).toBeNull(); // never two at once
      if (!next.start) break;
      started.push(next.start);
      queue = finish(next.queue, next.start);
    }
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue).toEqual(EMPTY_QUEUE);
  });

  it('does not queue a cell twice (queued or running)', () => {
    const { queue } = startNext(enqueue(EMPTY_QUEUE, ['a', 'b']));
    expect(enqueue(queue, ['a', 'b', 'c', 'c'])).toEqual({ running: 'a', queued: ['b', 'c'] });
  });

  it('dequeues an aborted queued cell and leaves the running one', () => {
    const { queue } = startNext(enqueue(EMPTY_QUEUE, ['a', 'b', 'c']));
    expect(dequeue(queue, 'b')).toEqual({ running: 'a', queued: ['c'] });
    expect(dequeue(queue, 'a')).toBe(queue);
    expect(finish(queue, 'z')).toBe(queue);
  });

  it('an interrupt cancels the running cell and dequeues the rest', () => {
    const { queue } = startNext(enqueue(EMPTY_QUEUE, ['a', 'b', 'c']));
    expect(interrupt(queue)).toEqual({ queue: EMPTY_QUEUE, cancelled: 'a', dequeued: ['b', 'c'] });
  });
});
