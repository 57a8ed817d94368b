import * as Comlink from 'comlink';
import type { GraphData } from '../../contracts/workflow';
import type { PlacedGraph } from '../model/workflow/graphLayout';
import type { LayoutWorkerApi } from './layout.worker';

/** One layout worker for the session, started on the first graph shown; layouts are kept by graph. */
export function createGraphLayout() {
  const state: { worker?: Worker; api?: Comlink.Remote<LayoutWorkerApi> } = {};
  const done = new Map<string, Promise<PlacedGraph>>();
  return {
    layout(graph: GraphData): Promise<PlacedGraph> {
      const key = JSON.stringify(graph);
      const known = done.get(key);
      if (known) return known;
      if (!state.api) {
        state.worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout' });
        state.api = Comlink.wrap<LayoutWorkerApi>(state.worker);
      }
      const placed = state.api.layout(graph);
      done.set(key, placed);
      placed.catch(() => done.delete(key));
      return placed;
    },
    stop() {
      state.worker?.terminate();
      Object.assign(state, { worker: undefined, api: undefined });
      done.clear();
    },
  };
}
