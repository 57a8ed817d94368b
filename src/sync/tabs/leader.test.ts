import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaderLockName, runAsLeader } from './leader';
import { createFakeLockManager } from '../testing/fakeLockManager';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runAsLeader', () => {
  it('exactly one tab leads; the next takes over at once when it stops', async () => {
    const locks = createFakeLockManager();
    const led: string[] = [];
    const signals: Record<string, AbortSignal> = {};
    const tab = (id: string) =>
      runAsLeader('sync', (signal) => {
        led.push(id);
        signals[id] = signal;
      }, locks);
    const a = tab('a');
    const b = tab('b');
    const c = tab('c');
    await flush();
    expect(led).toEqual(['a']);
    expect(locks.holders(leaderLockName('sync'))).toBe(1);
    expect(locks.waiting(leaderLockName('sync'))).toBe(2);

    a.stop(); // the leader tab closes
    await flush();
    expect(signals.a?.aborted).toBe(true);
    expect(led).toEqual(['a', 'b']);

    c.stop(); // a waiting tab closes: it never leads
    b.stop();
    await flush();
    expect(led).toEqual(['a', 'b']);
    expect(locks.holders(leaderLockName('sync'))).toBe(0);
  });

  it('uses the lock console-leader:<name>, so different names lead independently', async () => {
    const locks = createFakeLockManager();
    const onLeader = vi.fn();
    const x = runAsLeader('x', onLeader, locks);
    const y = runAsLeader('y', onLeader, locks);
    await flush();
    expect(onLeader).toHaveBeenCalledTimes(2);
    expect(leaderLockName('x')).toBe('console-leader:x');
    x.stop();
    y.stop();
  });

  it('waits for an async onLeader and keeps the lock after it resolves', async () => {
    const locks = createFakeLockManager();
    const a = runAsLeader('sync', async () => {}, locks);
    const onB = vi.fn();
    const b = runAsLeader('sync', onB, locks);
    await flush();
    expect(onB).not.toHaveBeenCalled();
    a.stop();
    await flush();
    expect(onB).toHaveBeenCalledOnce();
    b.stop();
  });

  it('a failing onLeader lets the next tab lead', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const locks = createFakeLockManager();
    runAsLeader('sync', () => Promise.reject(new Error('boom')), locks);
    const onB = vi.fn();
    const b = runAsLeader('sync', onB, locks);
    await flush();
    expect(onB).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalled();
    b.stop();
  });

  it('without Web Locks every tab leads itself', async () => {
    const onLeader = vi.fn();
    const handle = runAsLeader('sync', onLeader, undefined);
    await flush();
    expect(onLeader).toHaveBeenCalledOnce();
    handle.stop();
    expect((onLeader.mock.calls[0]?.[0] as AbortSignal).aborted).toBe(true);
  });
});
