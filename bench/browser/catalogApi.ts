/** What the catalog-tree page (catalog.html) exposes on `window.catalogBench`; the catalog suite calls it through page.evaluate. */
export interface CatalogApi {
  ready: true;
  /** Makes the synthetic cache (untimed) the other calls use; returns its node count. */
  generate(): { nodes: number };
  /** buildCatalogTree, indexTree and visibleRows (everything expanded) alone, `runs` times each, in ms. */
  pure(runs: number): Promise<{ buildMs: number[]; indexMs: number[]; rowsMs: number[] }>;
  /** From no tree to the cache arriving with every catalog and schema expanded: 100,210 rows. */
  showExpanded(): Promise<CatalogShowTiming>;
  /**
   * Opens schema `schema` of catalog `catalog` with a click on its twisty: its 500 tables appear.
   * Before, only the catalogs are open (`othersOpen` false) or every other schema too (true). The
   * click comes `delayMs` after a frame.
   */
  expandSchema(catalog: number, schema: number, othersOpen: boolean, delayMs: number): Promise<CatalogExpandTiming>;
  /**
   * Types `query` into the search box one character at a time (catalogs open, search empty before);
   * times each keystroke, then the search the box hands over once typing pauses.
   */
  typeQuery(query: string): Promise<CatalogTyping>;
  /** searchTree alone over the index, for each prefix of `query`, `runs` times each, in ms. */
  searchPure(query: string, runs: number): number[];
}

/** Time spent in the page's memoized steps during one measure (0 when the step did not run). */
export interface CatalogPhases {
  buildMs: number;
  indexMs: number;
  searchMs: number;
  rowsMs: number;
}

export interface CatalogShowTiming {
  /** setState → the rows are in the DOM (React committed). */
  committedMs: number;
  /** setState → the first frame with the rows has been painted. */
  paintedMs: number;
  /** Visible rows (the virtualizer's count) and the treeitems actually rendered. */
  rows: number;
  renderedRows: number;
  phases: CatalogPhases;
}

/** A click or a keystroke, timed from a task (as input arrives), not from inside a frame. */
export interface Interaction {
  /** Event → the first frame showing the result has been painted (includes the wait for that frame). */
  paintedMs: number;
  /** Main-thread work: taskMs + frameMs (the idle wait for the frame left out). */
  workMs: number;
  /** The event's task: handler, React render and commit (flushed in a microtask). */
  taskMs: number;
  /** The next frame's rendering: its first rAF callback → after style, layout and paint. */
  frameMs: number;
  /** React committed within the event's task (else workMs is the whole paintedMs). */
  inTask: boolean;
}

export interface CatalogExpandTiming extends Interaction {
  rows: number;
  phases: CatalogPhases;
}

export interface CatalogKeystroke extends Interaction {
  /** The search box's text after the keystroke. */
  text: string;
  rows: number;
  matches: number;
  phases: CatalogPhases;
}

/** The search applied once typing pauses (the box waits SEARCH_DELAY_MS after the last keystroke). */
export interface CatalogSearchApplied {
  text: string;
  /** The last keystroke → the matches painted (includes the pause). */
  paintedMs: number;
  /** The box's write → the matches painted (includes the wait for that frame's vsync). */
  writtenToPaintedMs: number;
  rows: number;
  matches: number;
  phases: CatalogPhases;
}

export interface CatalogTyping {
  strokes: CatalogKeystroke[];
  applied: CatalogSearchApplied;
}

declare global {
  interface Window {
    catalogBench: CatalogApi;
  }
}
