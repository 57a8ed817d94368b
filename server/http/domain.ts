import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';

/**
 * What each domain's open<Domain>() hands app.ts: its routes (app.ts mounts them at the
 * domain's prefix) and what to release when the app closes (app.ts calls it, in order).
 */
export interface Domain {
  routes: FastifyPluginAsync;
  close(): Promise<void>;
}

/** Where domains report: the app's logger. */
export type Log = FastifyBaseLogger;

/** For a domain that holds nothing of its own. */
export async function nothingToClose(): Promise<void> {}
