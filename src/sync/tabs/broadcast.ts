/**
 * A typed BroadcastChannel for ephemeral signals between the console's tabs (leader changes, sync
 * status, kernel state). Nothing sent here is durable: what must survive goes through Dexie.
 * A channel never hears its own posts, but does hear other channels of the same name in this tab.
 */
export interface Broadcast<M> {
  post(message: M): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: M) => void): () => void;
  close(): void;
}

export interface BroadcastOptions<M> {
  /** Drops messages of another shape (an older version of the console still open in a tab). */
  accept?: (data: unknown) => data is M;
  /** Injectable for tests and for environments without BroadcastChannel. */
  open?: (name: string) => BroadcastChannel;
}

export function createBroadcast<M>(name: string, options: BroadcastOptions<M> = {}): Broadcast<M> {
  const channel = (options.open ?? ((n) => new BroadcastChannel(n)))(name);
  const accept = options.accept ?? ((data: unknown): data is M => data !== null && data !== undefined);
  const closed = { value: false };
  return {
    post(message) {
      if (!closed.value) channel.postMessage(message);
    },
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => {
        if (accept(event.data)) listener(event.data);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close() {
      closed.value = true;
      channel.close();
    },
  };
}
