import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { createContext } from './context';
import { dagRoutes } from './dags.routes';
import { isSeeded, seedWorkflowDemo } from './demo/seed';
import { Executor } from './executor';
import { miscRoutes } from './misc.routes';
import { problemBody, WorkflowProblem } from './problem';
import { runRoutes } from './runs.routes';
import { WorkflowStore } from './store';
import { taskInstanceRoutes } from './tis.routes';
import { viewRoutes } from './views.routes';

/**
 * The embedded workflow server (a stand-in for Airflow 2.10), mounted at /api/workflow: the
 * stable REST API v1 under /v1 and the webserver's grid, graph and stats views, over the demo
 * DAGs seeded into the console store on first start and the live executor that runs them.
 * Admins and editors may use it; HTTP Basic auth is accepted here besides the session and Bearer tokens.
 */
export const workflowRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const now = () => services.clock();
  const store = new WorkflowStore(services.store);
  const executor = new Executor(store, { taskMs: services.config.workflowTaskMs, now, log: app.log });
  const context = createContext(store, now, () => executor.wake());
  // The demo is written on first use (about 2 s, once per data directory), not on every start:
  // most app starts (and every test's) never ask for it. A seeded store runs its executor at once.
  let seeding: Promise<void> | null = (await isSeeded(store.db)) ? Promise.resolve() : null;
  if (seeding) executor.start();
  const ensureSeeded = () =>
    (seeding ??= seedWorkflowDemo(store.db, now(), services.config.workflowDemoDags).then(
      () => {
        app.log.info('workflow demo DAGs seeded');
        executor.start();
      },
      (error: unknown) => {
        seeding = null;
        throw error;
      },
    ));
  app.addHook('onRequest', async () => ensureSeeded());
  app.addHook('onClose', async () => {
    await seeding?.catch(() => undefined);
    await executor.stop();
  });

  // Every route here takes Basic auth too (the flag belongs to the matched route, as `public` does).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, basicAuth: true };
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof WorkflowProblem) return reply.code(error.status).send(error.toJSON());
    if (error.validation) return reply.code(400).send(problemBody(400, 'Bad Request', error.message));
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) return reply.code(error.statusCode).send(problemBody(error.statusCode, 'Bad Request', error.message));
    throw error; // to the app's handler: logged, answered 500 without details
  });

  await app.register(dagRoutes(context));
  await app.register(runRoutes(context));
  await app.register(taskInstanceRoutes(context));
  await app.register(miscRoutes(context));
  await app.register(viewRoutes(context));
};
