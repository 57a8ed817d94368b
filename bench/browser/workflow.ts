// Entry of the workflow bench page: the real DagGrid, LogViewer and graph (ELK in the app's layout worker, React Flow) with the app's CSS in a real Chromium page.
import { createElement, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/ui/styles/app.css';
import '../../src/ui/workflow/workflow.css';
import type { GridData, TaskState } from '../../contracts/workflow';
import { createGraphLayout } from '../../src/workers/graphLayoutClient';
import { DagGraphCanvas } from '../../src/ui/workflow/detail/DagGraphCanvas';
import { DagGrid, type DagGridSelection } from '../../src/ui/workflow/grid/DagGrid';
import { LogViewer } from '../../src/ui/workflow/logs/LogViewer';
import type { PlacedGraph } from '../../src/model/workflow/graphLayout';
import { appendLog, EMPTY_LOG, type LogIndex } from '../../src/model/workflow/logLines';
import { searchLog } from '../../src/model/workflow/logSearch';
import { measureScroll } from './gridFrames';
import { frame, paintedWhen } from './paint';
import type { WorkflowApi } from './workflowApi';
import { makeGraph, makeGrid, makeLog } from './workflowData';

type View =
  | { kind: 'none' }
  | { kind: 'grid'; data: GridData; selected: DagGridSelection }
  | { kind: 'log'; text: string; running: boolean }
  | { kind: 'graph'; placed: PlacedGraph; states: Map<string, TaskState> };

const root = document.getElementById('root') as HTMLElement;
const grids = new Map<string, GridData>();
const logs = new Map<number, { text: string; index: LogIndex }>();
const NOW = Date.parse('2026-11-25T12:00:00Z');
/** The app's layout service: one worker (src/workers/layout.worker.ts) for the page, as for a session. */
const layouts = createGraphLayout();
let graphVariant = 0;
let setView: (view: View) => void = () => {
  throw new Error('workflow page not mounted');
};

/** Full window, as the DAG page's tab content would be on a big screen. */
function Host() {
  const [view, set] = useState<View>({ kind: 'none' });
  const [selected, setSelected] = useState<DagGridSelection>({});
  const [following, setFollowing] = useState(true);
  useEffect(() => {
    setView = (next) => {
      set(next);
      if (next.kind === 'grid') setSelected(next.selected);
    };
  }, []);
  const box = (child: ReturnType<typeof createElement>) =>
    createElement('div', { style: { height: '100vh', padding: 12, boxSizing: 'border-box', display: 'flex', flexDirection: 'column' } }, child);
  if (view.kind === 'grid') return box(createElement(DagGrid, { data: view.data, selected, onSelect: setSelected, now: NOW }));
  if (view.kind === 'graph') {
    // The DAG page's canvas box (.graph-canvas) inside the full-window host.
    return box(createElement('div', { className: 'graph-canvas', style: { flex: 1 } }, createElement(DagGraphCanvas, { placed: view.placed, states: view.states, onSelectTask: () => undefined })));
  }
  if (view.kind === 'log') {
    return box(
      createElement(LogViewer, {
        text: view.text,
        fileName: 'bench_dag__load_orders__try-1',
        running: view.running,
        following: view.running && following,
        onFollowChange: setFollowing,
        label: 'Log of load_orders, try 1',
      }),
    );
  }
  return null;
}

const count = (selector: string) => root.querySelectorAll(selector).length;

async function show(view: View, ready: () => boolean) {
  setView({ kind: 'none' });
  await frame();
  await frame();
  const start = performance.now();
  setView(view);
  return (await paintedWhen(ready)) - start;
}

function grid(runs: number, tasks: number): GridData {
  const key = `${runs}x${tasks}`;
  if (!grids.has(key)) grids.set(key, makeGrid(runs, tasks));
  return grids.get(key) as GridData;
}

function log(lines: number) {
  if (!logs.has(lines)) {
    const text = makeLog(lines);
    logs.set(lines, { text, index: appendLog(EMPTY_LOG, text) });
  }
  return logs.get(lines) as { text: string; index: LogIndex };
}
let openLines = 0;

async function typeQuery(query: string): Promise<number> {
  const input = root.querySelector<HTMLInputElement>('.lv-search-input');
  if (!input) throw new Error('no search box');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const status = root.querySelector('.lv-search-status');
  const start = performance.now();
  setter?.call(input, query);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  const painted = await paintedWhen(() => query === '' || / of |No matches/.test(status?.textContent ?? ''));
  return painted - start;
}

/** Every node in the DOM and measured (React Flow hides a node until it knows its size), every edge drawn. */
function graphDrawn(placed: PlacedGraph): boolean {
  const nodes = root.querySelectorAll<HTMLElement>('.react-flow__node');
  if (nodes.length < placed.nodes.length || count('.react-flow__edge') < placed.edges.length) return false;
  return Array.from(nodes).every((node) => node.style.visibility !== 'hidden');
}

const api: WorkflowApi = {
  ready: true,
  async showGrid(runs, tasks, selected = {}) {
    const paintedMs = await show({ kind: 'grid', data: grid(runs, tasks), selected }, () => count('.dg-cell') > 0);
    return { paintedMs, renderedRows: count('.dg-row'), renderedCells: count('.dg-cell') };
  },
  async openLog(lines, options = {}) {
    const { text } = log(lines);
    openLines = lines;
    const paintedMs = await show({ kind: 'log', text, running: options.running ?? false }, () => count('.lv-row') > 0);
    if (options.wrap) root.querySelector<HTMLButtonElement>('button[aria-label="Wrap long lines"]')?.click();
    return { paintedMs, renderedRows: count('.lv-row'), renderedCells: 0 };
  },
  searchPure(query) {
    const { index } = log(openLines);
    const start = performance.now();
    const result = searchLog(index, query, { caseSensitive: false, regex: false });
    const elapsed = performance.now() - start;
    if (!result.ok || result.matches.length === 0) throw new Error(`no match for ${query}`);
    return elapsed;
  },
  searchTyped: typeQuery,
  async showGraph() {
    const { graph, tasks, states } = makeGraph(graphVariant++);
    const start = performance.now();
    const placed = await layouts.layout(graph);
    const layoutMs = performance.now() - start;
    const drawnMs = await show({ kind: 'graph', placed, states }, () => graphDrawn(placed));
    return { tasks, layoutMs, drawnMs, nodes: count('.react-flow__node'), edges: count('.react-flow__edge') };
  },
  scroll: (target, frames) => measureScroll(root.querySelector<HTMLElement>(target === 'log' ? '.lv-scroll' : '.dg-scroll'), frames),
};

createRoot(root).render(createElement(Host));
// Ready once React has mounted the host (its effect hands over the setter).
void frame().then(() => {
  window.workflowBench = api;
});
