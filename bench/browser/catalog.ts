// Entry of the catalog-tree bench page: the real CatalogTree (and the app's CSS) fed the way
// CatalogPage / useCatalogTree feed it, over a synthetic cache of 100,210 nodes, in a real Chromium page.
import { createElement, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/ui/styles/app.css';
import { buildCatalogTree, indexTree, NO_ROWS, nodeId, searchTree, visibleRows, type TreeIndex } from '../../src/model/catalog/tree';
import type { CatalogCache, CatalogNodeId, VisibleRow } from '../../src/model/catalog/types';
import { CatalogSearch } from '../../src/ui/catalog/CatalogSearch';
import { CatalogTree, type NodeLoad } from '../../src/ui/catalog/CatalogTree';
import type { CatalogApi, CatalogPhases, CatalogTyping } from './catalogApi';
import { CATALOGS, catalogName, makeCatalogCache, NODE_COUNT, SCHEMAS_PER_CATALOG, schemaName, TABLES_PER_SCHEMA } from './catalogData';
import { frame, frames, interaction, outsideFrame, paintedWhen } from './paint';
import { withOpen } from '../../src/model/catalog/expansion';

const root = document.getElementById('root') as HTMLElement;
const NO_EDITS: never[] = [];
const NO_HITS: never[] = [];
const ROW_HEIGHT = 30; // CatalogTree's

interface Controls {
  setCache(cache: CatalogCache | null): void;
  setExpanded(expanded: ReadonlySet<CatalogNodeId>): void;
  setSearchText(text: string): void;
}

let controls: Controls | null = null;
const control = () => {
  if (!controls) throw new Error('catalog page not mounted');
  return controls;
};

/** When the search box last handed its text to the page (it waits for typing to pause). */
let searchWrittenAt = 0;

/** What the page's memoized steps cost during the current measure; reset before each one. */
let phases: CatalogPhases = { buildMs: 0, indexMs: 0, searchMs: 0, rowsMs: 0 };
const resetPhases = () => (phases = { buildMs: 0, indexMs: 0, searchMs: 0, rowsMs: 0 });
function timed<T>(phase: keyof CatalogPhases, work: () => T): T {
  const start = performance.now();
  const value = work();
  phases[phase] += performance.now() - start;
  return value;
}

/** The tree panel of CatalogPage, fed as useCatalogTree feeds it: build → index → search → visible rows, each memoized. */
function Host() {
  const [cache, setCache] = useState<CatalogCache | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<CatalogNodeId>>(() => new Set());
  const [searchText, setSearchText] = useState('');
  const [focusedId, setFocusedId] = useState<CatalogNodeId | null>(null);
  // As CatalogPage: the box hands its text over once typing pauses; the bench notes when.
  const written = useCallback((text: string) => {
    searchWrittenAt = performance.now();
    setSearchText(text);
  }, []);
  const [selectedId, setSelectedId] = useState<CatalogNodeId | null>(null);
  useEffect(() => {
    controls = { setCache, setExpanded, setSearchText };
  }, []);

  const roots = useMemo(() => (cache ? timed('buildMs', () => buildCatalogTree(cache, NO_EDITS, NO_HITS)) : null), [cache]);
  const index = useMemo(() => (roots ? timed('indexMs', () => indexTree(roots)) : null), [roots]);
  const search = useMemo(() => (index ? timed('searchMs', () => searchTree(index, searchText)) : null), [index, searchText]);
  const rows = useMemo(() => (index ? timed('rowsMs', () => visibleRows(index, expanded, search)) : NO_ROWS), [index, expanded, search]);
  // As CatalogPage without a search: a toggle copies the expanded set.
  const toggle = useCallback((row: VisibleRow) => setExpanded((open) => (row.expanded ? withOpen(open, [], [row.node.id]) : withOpen(open, [row.node.id]))), []);
  // CatalogPage passes a fresh map of loading marks each render (none here: everything is cached).
  const loads = new Map<CatalogNodeId, NodeLoad>();

  return createElement(
    'div',
    { style: { padding: 16 }, 'data-search': searchText, 'data-rows': rows.length },
    createElement(
      'div',
      { className: 'catalog-page' },
      createElement(
        'section',
        { className: 'catalog-panel', 'aria-label': 'Warehouse' },
        createElement('div', { className: 'catalog-panel-head' }, createElement('h2', null, 'Warehouse')),
        createElement(CatalogSearch, { onSearch: written }),
        search &&
          createElement(
            'p',
            { className: 'catalog-note', role: 'status' },
            search.count === 0 ? 'Nothing matches.' : `${search.count.toLocaleString('en-US')} ${search.count === 1 ? 'match' : 'matches'}`,
          ),
        createElement(CatalogTree, {
          rows,
          selectedId,
          focusedId,
          loads,
          onToggle: toggle,
          onSelect: setSelectedId,
          onFocus: setFocusedId,
          onKey: () => {},
          onRetry: () => {},
        }),
      ),
      createElement('div', { className: 'catalog-main' }, createElement('p', { className: 'catalog-empty' }, 'Choose a catalog, schema, table or column in the tree.')),
    ),
  );
}

const host = () => root.firstElementChild as HTMLElement;
const shownRows = () => Number(host().dataset.rows);
const treeitems = () => root.querySelectorAll('[role="treeitem"]').length;
const scroller = () => root.querySelector<HTMLElement>('.catalog-tree-scroll') as HTMLElement;
const rowAt = (index: number) => root.querySelector<HTMLElement>(`[role="treeitem"][data-row="${index}"]`);

let cache: CatalogCache | null = null;
let pureIndex: TreeIndex | null = null;

function generated(): CatalogCache {
  cache ??= makeCatalogCache();
  return cache;
}

const catalogIds = () => Array.from({ length: CATALOGS }, (_, c) => nodeId(catalogName(c)));
const schemaIds = () => catalogIds().flatMap((_, c) => Array.from({ length: SCHEMAS_PER_CATALOG }, (__, s) => nodeId(catalogName(c), schemaName(s))));

/** Sets state from outside React (as a live query's result does) and waits until it is on screen. */
async function settle(update: () => void): Promise<void> {
  update();
  await frames(3);
}

/** Puts the cached tree on screen with these nodes open and no search, scrolled to `top`. */
async function prepare(expanded: ReadonlySet<CatalogNodeId>, top: number): Promise<void> {
  await settle(() => {
    control().setCache(generated());
    control().setExpanded(expanded);
    control().setSearchText('');
  });
  scroller().scrollTop = top;
  await frames(3); // the virtualizer re-renders on scroll
}

async function showExpanded() {
  const data = generated();
  // Each sample is a fresh arrival: from no tree to the cache with everything open, as on opening the page.
  await settle(() => {
    control().setCache(null);
    control().setExpanded(new Set());
    control().setSearchText('');
  });
  scroller().scrollTop = 0;
  await frames(2);
  await outsideFrame(0); // as a live query's result arrives: in a task
  let committed = 0;
  const observer = new MutationObserver(() => {
    if (!committed && treeitems() > 0) committed = performance.now();
  });
  observer.observe(root, { childList: true, subtree: true });
  resetPhases();
  const expanded = new Set([...catalogIds(), ...schemaIds()]);
  const start = performance.now();
  control().setCache(data);
  control().setExpanded(expanded);
  const painted = await paintedWhen(() => shownRows() === NODE_COUNT && treeitems() > 0);
  observer.disconnect();
  return { committedMs: committed - start, paintedMs: painted - start, rows: shownRows(), renderedRows: treeitems(), phases: { ...phases } };
}

async function expandSchema(catalog: number, schema: number, othersOpen: boolean, delayMs: number) {
  const target = nodeId(catalogName(catalog), schemaName(schema));
  const open = new Set(othersOpen ? [...catalogIds(), ...schemaIds().filter((id) => id !== target)] : catalogIds());
  // Rows before the target: each earlier catalog with its schemas (and their tables when open), then the earlier schemas of its own.
  const perSchema = othersOpen ? 1 + TABLES_PER_SCHEMA : 1;
  const at = catalog * (1 + SCHEMAS_PER_CATALOG * perSchema) + 1 + schema * perSchema;
  await prepare(open, Math.max(0, (at - 3) * ROW_HEIGHT));
  const row = rowAt(at);
  const name = row?.querySelector('.catalog-name')?.textContent;
  if (!row || name !== schemaName(schema) || row.getAttribute('aria-expanded') !== 'false') {
    throw new Error(`expandSchema: row ${at} is ${name ?? 'not rendered'}, not the closed ${target}`);
  }
  const twisty = row.querySelector<HTMLElement>('.catalog-twisty') as HTMLElement;
  const before = shownRows();
  resetPhases();
  const timing = await interaction(
    () => twisty.click(),
    () => rowAt(at)?.getAttribute('aria-expanded') === 'true' && rowAt(at + 1)?.getAttribute('aria-level') === '3',
    delayMs,
  );
  if (shownRows() !== before + TABLES_PER_SCHEMA) throw new Error(`expandSchema: ${shownRows()} rows after, ${before} before`);
  return { ...timing, rows: shownRows(), phases: { ...phases } };
}

/** Types as the browser does: the input's value changes, then an input event (React's onChange) fires. */
const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (this: HTMLInputElement, value: string) => void;
function typeInto(input: HTMLInputElement, value: string) {
  setValue.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function typeQuery(query: string): Promise<CatalogTyping> {
  await prepare(new Set(catalogIds()), 0);
  const input = root.querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
  input.focus();
  const strokes = [];
  let lastInput = 0;
  for (let i = 1; i <= query.length; i++) {
    const text = query.slice(0, i);
    resetPhases();
    // Keystrokes land at different points of the frame interval (0, 5, 10, 15 ms after a frame).
    // Done when the box shows the text: React keeps a controlled input's value only once it rendered it.
    const act = () => {
      lastInput = performance.now();
      typeInto(input, text);
    };
    const timing = await interaction(act, () => input.value === text, (i * 5) % 20);
    strokes.push({ text, ...timing, rows: shownRows(), matches: matchCount(), phases: { ...phases } });
  }
  // Then typing pauses: the box hands the text over and the tree shows the matches.
  resetPhases();
  const painted = await paintedWhen(() => host().dataset.search === query);
  const applied = { text: query, paintedMs: painted - lastInput, writtenToPaintedMs: painted - searchWrittenAt, rows: shownRows(), matches: matchCount(), phases: { ...phases } };
  typeInto(input, '');
  await paintedWhen(() => host().dataset.search === '');
  await frames(3);
  return { strokes, applied };
}

const matchCount = () => Number((root.querySelector('.catalog-note[role="status"]')?.textContent ?? '').replace(/\D/g, '')) || 0;

function searchPure(query: string, runs: number) {
  pureIndex ??= indexTree(buildCatalogTree(generated(), NO_EDITS, NO_HITS));
  const index = pureIndex;
  const times = [];
  for (let i = 1; i <= query.length; i++) {
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      searchTree(index, query.slice(0, i));
      times.push(performance.now() - start);
    }
  }
  return times;
}

async function pure(runs: number) {
  const data = generated();
  const expanded = new Set([...catalogIds(), ...schemaIds()]);
  const out = { buildMs: [] as number[], indexMs: [] as number[], rowsMs: [] as number[] };
  for (let r = 0; r < runs; r++) {
    // A pause between runs, as between two builds in the page: the GC catches up with the last run's garbage.
    await new Promise((done) => setTimeout(done, 200));
    let start = performance.now();
    const roots = buildCatalogTree(data, NO_EDITS, NO_HITS);
    out.buildMs.push(performance.now() - start);
    start = performance.now();
    const index = indexTree(roots);
    out.indexMs.push(performance.now() - start);
    start = performance.now();
    const rows = visibleRows(index, expanded);
    out.rowsMs.push(performance.now() - start);
    if (rows.length !== NODE_COUNT) throw new Error(`pure: ${rows.length} rows`);
  }
  return out;
}

const api: CatalogApi = {
  ready: true,
  generate() {
    const { databases = [], schemas, tables } = generated();
    return { nodes: databases.length + [...schemas.values()].reduce((n, names) => n + names.length, 0) + [...tables.values()].reduce((n, list) => n + list.length, 0) };
  },
  pure,
  showExpanded,
  expandSchema,
  typeQuery,
  searchPure,
};

createRoot(root).render(createElement(Host));
// Ready once React has mounted the host (its effect hands over the setters).
void frame().then(() => {
  window.catalogBench = api;
});
