import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHeldReaders } from './heldReaders';
import { LineReader } from './pageLines';

function reading(at: number) {
  const reader = new LineReader(new ReadableStream({ start: (c) => c.close() }));
  reader.position = at;
  const close = vi.spyOn(reader, 'close');
  return { entry: { reader, abort: new AbortController() }, close };
}

afterEach(() => vi.useRealTimers());

describe('held log readers', () => {
  it('gives a reader back only for the log and cursor it stopped at, once', () => {
    const held = createHeldReaders();
    const { entry } = reading(4000);
    held.keep('editor /log/1', entry);
    expect(held.take('editor /log/1', 3000)).toBeUndefined();
    expect(held.take('admin /log/1', 4000)).toBeUndefined();
    expect(held.take('editor /log/1', 4000)?.reader).toBe(entry.reader);
    expect(held.take('editor /log/1', 4000)).toBeUndefined();
  });

  it('cancels a reader nobody came back for, and the oldest past the bound', () => {
    vi.useFakeTimers();
    const held = createHeldReaders(1000, 2);
    const [a, b, c] = [reading(1), reading(2), reading(3)];
    held.keep('a', a.entry);
    held.keep('b', b.entry);
    held.keep('c', c.entry);
    expect(held.size()).toBe(2);
    expect(a.entry.abort.signal.aborted).toBe(true);
    expect(a.close).toHaveBeenCalled();
    vi.advanceTimersByTime(1001);
    expect(held.size()).toBe(0);
    expect([b.entry.abort.signal.aborted, c.entry.abort.signal.aborted]).toEqual([true, true]);
  });
});
