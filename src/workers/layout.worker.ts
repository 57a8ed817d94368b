import * as Comlink from 'comlink';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { GraphData } from '../../contracts/workflow';
import { fromElkGraph, toElkGraph, type PlacedGraph } from '../model/workflow/graphLayout';

/** Lays out DAG graphs off the main thread: ELK on 500 tasks takes long enough to drop frames. */
const elk = new ELK();

export interface LayoutWorkerApi {
  layout(graph: GraphData): Promise<PlacedGraph>;
}

const api: LayoutWorkerApi = {
  async layout(graph) {
    return fromElkGraph(graph, await elk.layout(toElkGraph(graph)));
  },
};

Comlink.expose(api);
