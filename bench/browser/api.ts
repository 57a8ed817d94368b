/** What the harness page exposes on `window.bench`; the suites call it through page.evaluate. */
export interface EventlogApi {
  /** Deletes and reopens the harness database, so each measure starts from an empty log. */
  reset(): Promise<void>;
  /** Appends `count` events one append() call each; returns elapsed ms. */
  appendSingle(count: number): Promise<number>;
  /** Appends `total` events in append() calls of `batch` events; returns elapsed ms. */
  appendBatched(total: number, batch: number): Promise<number>;
  /** Runs rebuildProjections() over the whole log; returns elapsed ms and how many events it replayed. */
  rebuild(): Promise<{ ms: number; replayed: number }>;
  /** navigator.storage.estimate(): the origin's usage and, where Chromium reports it, IndexedDB's share. */
  storage(): Promise<{ usage: number; indexedDB: number | null; quota: number }>;
}

export interface CrosstabApi {
  /** Page B: watches workspaceChanges with liveQuery and notes when each new row arrives. */
  subscribe(): Promise<void>;
  /** Page A: appends one workspace change whose `at` is its send time (epoch ms, sub-ms). */
  send(index: number): Promise<void>;
  /** Page B: arrival minus send time in ms, by sample index. */
  latencies(): Record<number, number>;
  stop(): void;
}

export interface HarnessApi {
  ready: true;
  eventlog: EventlogApi;
  crosstab: CrosstabApi;
}

declare global {
  interface Window {
    bench: HarnessApi;
  }
}
