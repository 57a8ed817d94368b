import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBroadcast, type Broadcast } from './broadcast';
import { isSyncMessage, type SyncMessage } from '../syncMessages';

const opened: Array<Broadcast<unknown>> = [];
function open<M>(name: string, accept?: (data: unknown) => data is M): Broadcast<M> {
  const channel = createBroadcast<M>(name, { accept });
  opened.push(channel as Broadcast<unknown>);
  return channel;
}
afterEach(() => {
  opened.splice(0).forEach((c) => c.close());
});

/** BroadcastChannel delivers on a later task. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('createBroadcast', () => {
  it('delivers a post to the other channels of the same name, not to itself', async () => {
    const a = open<SyncMessage>('t1');
    const b = open<SyncMessage>('t1');
    const other = open<SyncMessage>('t-other');
    const [fromA, fromB, fromOther] = [vi.fn(), vi.fn(), vi.fn()];
    a.subscribe(fromA);
    b.subscribe(fromB);
    other.subscribe(fromOther);
    a.post({ type: 'leader-changed', tabId: 'tab-a' });
    await delivered();
    expect(fromB).toHaveBeenCalledWith({ type: 'leader-changed', tabId: 'tab-a' });
    expect(fromA).not.toHaveBeenCalled();
    expect(fromOther).not.toHaveBeenCalled();
  });

  it('unsubscribe stops delivery; posting after close is a no-op', async () => {
    const a = open<SyncMessage>('t2');
    const b = open<SyncMessage>('t2');
    const listener = vi.fn();
    const unsubscribe = b.subscribe(listener);
    unsubscribe();
    a.post({ type: 'visibility-query' });
    await delivered();
    expect(listener).not.toHaveBeenCalled();
    a.close();
    expect(() => a.post({ type: 'visibility-query' })).not.toThrow();
  });

  it('drops messages the guard does not accept', async () => {
    const raw = open<unknown>('t3');
    const typed = open<SyncMessage>('t3', isSyncMessage);
    const listener = vi.fn();
    typed.subscribe(listener);
    raw.post({ type: 'something-from-an-old-version' });
    raw.post('text');
    raw.post({ type: 'sync-status', online: true, polling: true });
    await delivered();
    expect(listener.mock.calls).toEqual([[{ type: 'sync-status', online: true, polling: true }]]);
  });
});
