// Entry of the results-grid bench page: the real ResultsGrid (and the app's CSS) in a real Chromium page.
import { createElement, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/ui/styles/app.css';
import { ResultsGrid } from '../../src/ui/components/resultsGrid/ResultsGrid';
import { sortOrder } from '../../src/ui/components/resultsGrid/sortRows';
import type { GridApi } from './api';
import { measureScroll } from './gridFrames';
import { makeGridData, type GridData } from './gridData';
import { frame, paintedWhen } from './paint';

const EMPTY: GridData = { columns: [], rows: [] };
const root = document.getElementById('root') as HTMLElement;
const cache = new Map<string, GridData>();
let setData: (data: GridData) => void = () => {
  throw new Error('grid page not mounted');
};

/** Full-window grid, as the SQL page's results pane would be on a big screen. */
function Host() {
  const [data, set] = useState<GridData>(EMPTY);
  useEffect(() => {
    setData = set;
  }, []);
  return createElement(
    'div',
    { style: { height: '100vh', padding: 12, boxSizing: 'border-box' } },
    createElement(ResultsGrid, { ...data, elapsedMs: 423, limited: data.rows.length >= 100_000, fileName: 'bench.csv' }),
  );
}

function dataset(rows: number, cols: number): GridData {
  const key = `${rows}x${cols}`;
  if (!cache.has(key)) cache.set(key, makeGridData(rows, cols));
  return cache.get(key) as GridData;
}


const cells = () => root.querySelectorAll('[role="gridcell"]').length;

async function show(rowCount: number, colCount: number) {
  const data = dataset(rowCount, colCount);
  // Each sample is a fresh arrival: from "No results" to the grid, as after running a query.
  setData(EMPTY);
  await frame();
  await frame();
  let committed = 0;
  const observer = new MutationObserver(() => {
    if (!committed && cells() > 0) committed = performance.now();
  });
  observer.observe(root, { childList: true, subtree: true });
  const start = performance.now();
  setData(data);
  // An empty result paints its message instead of cells (only the screenshot script asks for one).
  const painted = await paintedWhen(() => (rowCount > 0 ? cells() > 0 : root.querySelector('.rg-no-rows, .rg-empty') !== null));
  observer.disconnect();
  return {
    committedMs: committed - start,
    paintedMs: painted - start,
    renderedRows: root.querySelectorAll('[role="row"]').length - 1,
    renderedCells: cells(),
  };
}

function sortPure(rowCount: number) {
  const { columns, rows } = dataset(rowCount, 29);
  const time = (name: string) => {
    const column = columns.find((c) => c.name === name);
    if (!column) throw new Error(`no column ${name}`);
    const start = performance.now();
    sortOrder(rows, column, 'asc');
    return performance.now() - start;
  };
  return { numericMs: time('amount'), textMs: time('email') };
}

async function clickSort(col: number) {
  root.querySelector('[role="grid"]')?.scrollTo(0, 0);
  await frame();
  await frame();
  const header = root.querySelector<HTMLElement>(`[role="columnheader"][aria-colindex="${col + 2}"]`);
  if (!header) throw new Error(`header ${col} is not rendered`);
  const before = root.querySelector('[role="row"][aria-rowindex="2"] [role="gridcell"]')?.textContent;
  const start = performance.now();
  header.click();
  const painted = await paintedWhen(() => header.getAttribute('aria-sort') !== null);
  const after = root.querySelector('[role="row"][aria-rowindex="2"] [role="gridcell"]')?.textContent;
  if (before === after) console.warn('clickSort: the first row did not change');
  return painted - start;
}

const api: GridApi = {
  ready: true,
  show,
  scroll: (frames) => measureScroll(root.querySelector<HTMLElement>('[role="grid"]'), frames),
  sortPure,
  clickSort,
};

createRoot(root).render(createElement(Host));
// Ready once React has mounted the host (its effect hands over the setter).
void frame().then(() => {
  window.gridBench = api;
});
