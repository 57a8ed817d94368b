import type { GridScrollTiming } from './api';

/** What the workflow bench page (workflow.html) exposes on `window.workflowBench`. */
export interface WorkflowApi {
  ready: true;
  /** Shows a DagGrid of `runs` × `tasks` (generated untimed, cached); ms from setState to painted cells. */
  showGrid(runs: number, tasks: number, selected?: { runId?: string; taskId?: string }): Promise<WorkflowShowTiming>;
  /** Opens the LogViewer on a generated log of `lines` lines; ms from setState to painted lines. */
  openLog(lines: number, options?: { running?: boolean; wrap?: boolean }): Promise<WorkflowShowTiming>;
  /** searchLog() alone over the open log's index (built untimed), in ms. */
  searchPure(query: string): number;
  /** Types `query` into the viewer's search box; ms until "n of m" is painted. */
  searchTyped(query: string): Promise<number>;
  /** A generated 500-task graph (a new one each call) laid out by the app's layout worker, then drawn by DagGraphCanvas. */
  showGraph(): Promise<WorkflowGraphTiming>;
  /** Scrolls the open log or grid for `frames` frames and times each frame. */
  scroll(target: 'log' | 'grid', frames: number): Promise<GridScrollTiming>;
}

export interface WorkflowShowTiming {
  paintedMs: number;
  /** Rows (grid or log lines) in the DOM, virtualized. */
  renderedRows: number;
  renderedCells: number;
}

export interface WorkflowGraphTiming {
  tasks: number;
  /** ms from asking the layout worker to its answer (ELK, and the transfer both ways). */
  layoutMs: number;
  /** ms from setState with the laid-out graph to every node and edge drawn (painted). */
  drawnMs: number;
  nodes: number;
  edges: number;
}

declare global {
  interface Window {
    workflowBench: WorkflowApi;
  }
}
