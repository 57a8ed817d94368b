import * as Comlink from 'comlink';
import { ConsoleDb } from '../db/schema';
import { createHttp } from '../sync/api/http';
import { createNotebookApi } from '../sync/api/notebook.api';
import { createWorkflowService } from '../sync/api/workflow.api';
import { createBiApi } from '../sync/api/bi.api';
import { createSyncEngine, type SyncEngine } from './syncEngine';
import type { SyncConditions, SyncWorkerApi, SyncWorkerEvent } from '../sync/syncWorkerApi';

/**
 * The sync worker: one per browser, run by the leader tab. It has its own axios instance (same
 * origin, so the session cookie goes along) and its own connection to the console's database.
 */
function createSyncWorker(post: (event: SyncWorkerEvent) => void): SyncWorkerApi {
  const current: { engine?: SyncEngine; db?: ConsoleDb; conditions?: SyncConditions } = {};
  return {
    start(config) {
      if (current.engine) return;
      const db = new ConsoleDb();
      // No onUnauthorized here: the engine stops on a 401 and tells the page, which ends the session.
      const api = createNotebookApi(createHttp({ baseURL: config.apis.notebook }));
      current.db = db;
      const workflows = createWorkflowService(config, createHttp({ baseURL: config.apis.workflow }));
      const metadata = createBiApi(createHttp({ baseURL: config.apis.bi }));
      current.engine = createSyncEngine({ db, api, workflows, metadata, bucket: config.bucket, report: post, conditions: current.conditions });
      current.engine.start();
    },
    setConditions(conditions) {
      current.conditions = conditions;
      current.engine?.setConditions(conditions);
    },
    refreshNow(resource) {
      current.engine?.refreshNow(resource);
    },
    stop() {
      current.engine?.stop();
      current.db?.close();
      current.engine = undefined;
      current.db = undefined;
    },
  };
}

Comlink.expose(createSyncWorker((event) => postMessage(event)));
