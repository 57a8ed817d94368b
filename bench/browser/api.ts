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

/** What the results-grid page (grid.html) exposes on `window.gridBench`. */
export interface GridApi {
  ready: true;
  /** Generates `rows` × `cols` cells (untimed, cached), shows them in the grid and times it. */
  show(rows: number, cols: number): Promise<GridShowTiming>;
  /** Scrolls the shown grid for `frames` animation frames (steps, big jumps, sideways) and times each frame. */
  scroll(frames: number): Promise<GridScrollTiming>;
  /** sortOrder() alone over `rows` generated rows, by a DOUBLE and by a VARCHAR column. */
  sortPure(rows: number): { numericMs: number; textMs: number };
  /** Clicks the header of column `col` (0-based) of the shown grid; ms until the sorted rows are painted. */
  clickSort(col: number): Promise<number>;
}

export interface GridShowTiming {
  /** setState → the rows' cells are in the DOM (React committed). */
  committedMs: number;
  /** setState → the first frame with the rows has been painted. */
  paintedMs: number;
  renderedRows: number;
  renderedCells: number;
}

export interface GridScrollTiming {
  /** Per frame: its main-thread work (scroll handling, React, style, layout, paint), first task → painted. */
  work: number[];
  /** Per frame: vsync → painted (the work plus any wait for the main thread). */
  fromVsync: number[];
  /** Time between consecutive frames (rAF timestamps). */
  intervals: number[];
  /** Long animation frames (> 50 ms) the browser reported, when it supports the API. */
  longFrames: number | null;
  /** How far the last frame scrolled, to check the run covered the grid. */
  maxScrollTop: number;
}

declare global {
  interface Window {
    bench: HarnessApi;
    gridBench: GridApi;
  }
}
