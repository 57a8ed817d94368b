import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { MIB, type ConsoleConfig } from './config';
import { createServices, type ConsoleServices, type ServiceOptions } from './services';
import { authGuard } from './auth/guard';
import { consoleAuthRoutes } from './auth/routes';
import { oidcRoutes } from './auth/oidc.routes';
import type { SeedResult } from './auth/users';
import { openBiContext } from './bi/context';
import { biRoutes } from './bi/routes';
import { registerBatch } from './http/batch';
import { registerCompression } from './http/compression';
import { registerErrorHandling } from './http/errors';
import { registerIdempotency } from './http/idempotency';
import { registerOriginChecks } from './http/origin';
import { clientErrorHandler, frameworkErrors, registerSecurityHeaders } from './http/security';
import { registerStatic } from './http/static';
import { strictTypePlugin } from './http/validation';
import { kernelRoutes } from './kernels/routes';
import { openKernels } from './kernels/setup';
import { notebookRoutes } from './notebook/routes';
import { workflowRoutes } from './workflow/routes';
import { upstreamRoutes } from './workflow/upstream/routes';

export type BuildOptions = ServiceOptions;

export interface ConsoleApp {
  app: FastifyInstance;
  services: ConsoleServices;
  /** Passwords generated on this start (print them once), or nothing on later starts. */
  seed: SeedResult;
}

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Builds the console server: store, seeded users, auth, APIs and the static client.
 * Closing the app (app.close()) also closes the console store and the warehouse. Not yet listening.
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
  app.addHook('onClose', () => Promise.all([services.store.close(), services.warehouse.close()]).then(() => undefined));
  try {
    const seed = await services.users.ensureSeedUsers(config);
    await purgeExpired(services);
    await registerEverything(app, services);
    schedulePurge(app, services);
    return { app, services, seed };
  } catch (error) {
    await app.close();
    throw error;
  }
}

async function registerEverything(app: FastifyInstance, services: ConsoleServices): Promise<void> {
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

  await app.register(consoleAuthRoutes, { prefix: '/api/v1/temp' });
  await app.register(oidcRoutes, { prefix: '/api/auth' });
  // One history store, SQL Lab executor and SQL parser per app, for SQL Lab and notebooks' SQL.
  const bi = await openBiContext(app);
  await app.register(notebookRoutes, { prefix: '/api/notebook' });
  await app.register(kernelRoutes, { prefix: '/api/notebook', ...openKernels(app, bi) });
  await app.register(biRoutes, { prefix: '/api/bi', bi });
  // A configured Airflow answers instead of the embedded demo, whose executor then never starts.
  const { airflow } = services.config;
  if (airflow) await app.register(upstreamRoutes, { prefix: '/api/workflow', upstream: airflow });
  else await app.register(workflowRoutes, { prefix: '/api/workflow' });
  registerBatch(app);
  const { staticDir, sourceMaps, uploadMaxMb } = services.config;
  const uploadMaxBytes = uploadMaxMb * MIB;
  await registerStatic(app, { staticDir, sourceMaps, uploadMaxBytes, airflowApi: airflow?.api ?? null });
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
