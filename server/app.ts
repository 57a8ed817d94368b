import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { MIB, type ConsoleConfig } from './config';
import { closeServices, createServices, type ConsoleServices, type ServiceOptions } from './services';
import { authGuard } from './auth/guard';
import { openAuth } from './auth/open';
import type { SeedResult } from './auth/users';
import { openBi } from './bi/open';
import type { SupersetSessions } from './bi/upstream/session';
import { registerBatch } from './http/batch';
import { registerCompression } from './http/compression';
import type { Domain } from './http/domain';
import { registerErrorHandling } from './http/errors';
import { registerIdempotency } from './http/idempotency';
import { registerOriginChecks } from './http/origin';
import { clientErrorHandler, frameworkErrors, registerSecurityHeaders } from './http/security';
import { registerStatic } from './http/static';
import { strictTypePlugin } from './http/validation';
import { openKernels } from './kernels/open';
import { openNotebook } from './notebook/open';
import { openWorkflow } from './workflow/open';

export interface BuildOptions extends ServiceOptions {
  /** The Superset sessions the BI proxy keeps (tests give theirs, to expire one); made from the config otherwise. */
  supersetSessions?: SupersetSessions;
}

export interface ConsoleApp {
  app: FastifyInstance;
  services: ConsoleServices;
  /** Passwords generated on this start (print them once), or nothing on later starts. */
  seed: SeedResult;
}

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The one composition root of the server: the services (store, warehouse, auth state), the
 * HTTP pipeline (headers, origin checks, the auth guard, idempotency, errors), each domain
 * opened with what it needs and mounted at its prefix, then batch and the static client.
 * Closing the app (app.close()) closes the domains, then the console store and the warehouse.
 * Not yet listening.
 */
export async function buildApp(config: ConsoleConfig, options: BuildOptions = {}): Promise<ConsoleApp> {
  // The app (and its logger) first: the warehouse seeds in the background and logs there.
  const app = Fastify({
    logger: { level: config.logLevel },
    ajv: { plugins: [strictTypePlugin] },
    // request.ip (sign-in limits) and request.host come from X-Forwarded-* only from these proxies.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Answers given before any hook runs carry the security headers too.
    frameworkErrors: frameworkErrors(config),
    clientErrorHandler: clientErrorHandler(config),
  });
  const services = await createServices(config, { logger: app.log, ...options });
  // Domains close in reverse order of opening, before the services they use.
  const opened: Domain[] = [];
  app.addHook('onClose', async () => {
    for (const domain of opened.reverse()) await domain.close();
    await closeServices(services);
  });
  try {
    const seed = await services.users.ensureSeedUsers(config);
    await purgeExpired(services);
    await registerPipeline(app, services);
    await mountDomains(app, services, opened, options);
    await registerTail(app, services);
    schedulePurge(app, services);
    return { app, services, seed };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** What every request passes through, in order, before any domain's route. */
async function registerPipeline(app: FastifyInstance, services: ConsoleServices): Promise<void> {
  app.decorate('services', services);
  app.decorateRequest('user', null);
  app.decorateRequest('auth', null);
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, services.config);
  // Before the guard: a misdirected or cross-site request is refused before any session is read.
  registerOriginChecks(app, services.config);
  app.addHook('onRequest', authGuard(services));
  // After the guard (keys are scoped per user) and before any route, so every mount has it.
  registerIdempotency(app, services.idempotency);
  registerErrorHandling(app, services.config.staticDir);
}

/**
 * Each domain opened with what it needs and mounted at its prefix. Kernels run SQL through the
 * warehouse port BI gives (SQL Lab's executor: its limits, history and stop). Kernels also end
 * before the server waits for open requests: a streamed run ends (aborted) when its kernel does.
 */
async function mountDomains(app: FastifyInstance, services: ConsoleServices, opened: Domain[], { supersetSessions }: BuildOptions): Promise<void> {
  const log = app.log;
  const bi = await openBi({ ...services, log, supersetSessions });
  opened.push(bi);
  const kernels = openKernels({ ...services, sql: bi.sql, log });
  app.addHook('preClose', () => kernels.close());
  const workflow = await openWorkflow({ ...services, log });
  opened.push(workflow);

  await app.register(openAuth().routes, { prefix: '/api' });
  await app.register(openNotebook().routes, { prefix: '/api/notebook' });
  await app.register(kernels.routes, { prefix: '/api/notebook' });
  await app.register(bi.routes, { prefix: '/api/bi' });
  await app.register(workflow.routes, { prefix: '/api/workflow' });
}

/** After the APIs: batched calls into them and the client's files. */
async function registerTail(app: FastifyInstance, services: ConsoleServices): Promise<void> {
  registerBatch(app);
  const { staticDir, sourceMaps, uploadMaxMb, airflow, superset } = services.config;
  await registerStatic(app, { staticDir, sourceMaps, uploadMaxBytes: uploadMaxMb * MIB, airflowApi: airflow?.api ?? null, biUpstream: superset !== null });
}

/**
 * Expired sessions are also deleted on lookup; this keeps abandoned ones (and those of a
 * changed password) from piling up, token families likewise. Idempotency keys are only ever
 * looked up, so purging is what bounds them.
 */
function purgeExpired(services: ConsoleServices): Promise<unknown> {
  return Promise.all([services.sessions.purgeExpired(), services.families.purgeExpired(), services.idempotency.purgeExpired()]);
}

function schedulePurge(app: FastifyInstance, services: ConsoleServices): void {
  const timer = setInterval(() => {
    purgeExpired(services).catch((error: unknown) => app.log.warn({ err: error }, 'purge of expired sessions or idempotency keys failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
