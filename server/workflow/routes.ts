import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { WorkflowContext } from './context';
import { dagRoutes } from './dags.routes';
import { miscRoutes } from './misc.routes';
import { markTaskRoutes } from './markTasks.routes';
import { problemBody, WorkflowProblem } from './problem';
import { runRoutes } from './runs.routes';
import { taskInstanceRoutes } from './tis.routes';
import { viewRoutes } from './views.routes';

export interface WorkflowRoutesOptions {
  context: WorkflowContext;
  /** Seeds the demo on first use; every request waits for it. */
  ensureSeeded(): Promise<void>;
}

/**
 * The embedded workflow server (a stand-in for Airflow 2.10), mounted at /api/workflow: the
 * stable REST API v1 under /v1 and the webserver's grid, graph and stats views, over the demo
 * DAGs seeded into the console store on first use and the live executor that runs them (openWorkflow).
 * Admins and editors may use it; HTTP Basic auth is accepted here besides the session and Bearer tokens.
 */
export const workflowRoutes: FastifyPluginAsync<WorkflowRoutesOptions> = async (app, { context, ensureSeeded }) => {
  app.addHook('onRequest', async () => ensureSeeded());

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
  await app.register(markTaskRoutes(context));
  await app.register(taskInstanceRoutes(context));
  await app.register(miscRoutes(context));
  await app.register(viewRoutes(context));
};
