import type { ConsoleConfig } from '../config';
import { nothingToClose, type Domain, type Log } from '../http/domain';
import type { Store } from '../store/db';
import type { Clock } from '../util/clock';
import { createContext } from './context';
import { isSeeded, seedWorkflowDemo } from './demo/seed';
import { Executor } from './executor';
import { workflowRoutes } from './routes';
import { WorkflowStore } from './store';
import { upstreamRoutes } from './upstream/routes';

export interface WorkflowDeps {
  config: ConsoleConfig;
  store: Store;
  clock: Clock;
  log: Log;
}

/** The workflow API: a configured Airflow answers instead of the embedded demo, whose executor then never starts. */
export async function openWorkflow(deps: WorkflowDeps): Promise<Domain> {
  const { airflow } = deps.config;
  if (airflow) return { routes: (app) => upstreamRoutes(app, { upstream: airflow }), close: nothingToClose };
  return openEmbeddedWorkflow(deps);
}

/**
 * The embedded workflow server over the console store and its live executor. The demo is
 * written on first use (about 2 s, once per data directory), not on every start: most app
 * starts (and every test's) never ask for it. A seeded store runs its executor at once.
 */
async function openEmbeddedWorkflow({ config, store: db, clock, log }: WorkflowDeps): Promise<Domain> {
  const now = () => clock();
  const store = new WorkflowStore(db);
  const executor = new Executor(store, { taskMs: config.workflowTaskMs, now, log });
  const context = createContext(store, now, () => executor.wake());
  const seed = { running: (await isSeeded(db)) ? Promise.resolve() : null as Promise<void> | null };
  if (seed.running) executor.start();
  const ensureSeeded = () =>
    (seed.running ??= seedWorkflowDemo(db, now(), config.workflowDemoDags).then(
      () => {
        log.info('workflow demo DAGs seeded');
        executor.start();
      },
      (error: unknown) => {
        seed.running = null;
        throw error;
      },
    ));
  return {
    routes: (app) => workflowRoutes(app, { context, ensureSeeded }),
    close: async () => {
      await seed.running?.catch(() => undefined);
      await executor.stop();
    },
  };
}
