import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDbs } from '../db/testDb';
import { replayPass, type ReplayResult } from './replay';
import { createReplayQueue } from './replayQueue';
import { fakeNetwork, json, outboxRow } from './testing/fakeNetwork';

const freshDb = freshDbs('sw-replay-queue');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createReplayQueue', () => {
  it('never sends a save twice when replays are asked for at once', async () => {
    const db = freshDb();
    const network = fakeNetwork(async () => {
      await delay(1);
      return json(200, {});
    });
    await db.outbox.bulkAdd(Array.from({ length: 20 }, (_, i) => outboxRow(i + 1)));
    const passes: ReplayResult[] = [];
    const queue = createReplayQueue(() => replayPass({ db, fetch: network.fetch, record: async () => {} }), (r) => passes.push(r));

    await Promise.all([queue.replay(), queue.replay(), queue.replay(), queue.replay()]);

    expect(network.seen.map((s) => s.key)).toEqual(Array.from({ length: 20 }, (_, i) => `key-${i + 1}`));
    expect(passes).toEqual([{ applied: 20, failed: 0, remaining: 0 }, { applied: 0, failed: 0, remaining: 0 }]);
  });

  it('runs once more after a pass when asked during it, so a save queued meanwhile is sent', async () => {
    let release: () => void = () => {};
    const calls: string[] = [];
    const queue = createReplayQueue(async () => {
      calls.push('start');
      await new Promise<void>((resolve) => (release = resolve));
      calls.push('end');
      return { applied: 0, failed: 0, remaining: 0 };
    }, () => {});

    const first = queue.replay();
    const second = queue.replay();
    expect(second).not.toBe(first);
    expect(queue.replay()).toBe(second);
    await delay(0);
    expect(calls).toEqual(['start']);
    release();
    await first;
    await delay(0);
    expect(calls).toEqual(['start', 'end', 'start']);
    release();
    await second;
    expect(calls).toEqual(['start', 'end', 'start', 'end']);
  });

  it('goes on after a pass that threw', async () => {
    let n = 0;
    const queue = createReplayQueue(async () => {
      n += 1;
      if (n === 1) throw new Error('IndexedDB closed');
      return { applied: 1, failed: 0, remaining: 0 };
    }, () => {});
    const first = queue.replay();
    const second = queue.replay();
    await expect(first).rejects.toThrow('IndexedDB closed');
    await expect(second).resolves.toEqual({ applied: 1, failed: 0, remaining: 0 });
    await expect(queue.replay()).resolves.toEqual({ applied: 1, failed: 0, remaining: 0 });
  });
});
