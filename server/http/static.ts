import { BI_FEATURES, BI_SEARCH_SNAPSHOT_FEATURE, DEFAULT_API_MOUNTS, WORKFLOW_FILTERS_FEATURE, type RuntimeConfig } from '../../contracts/config';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from './paths';
import { readPackageVersion } from '../paths';

export const CLIENT_NOT_BUILT = 'The client is not built. Run `npm run build` (npm start does it for you).';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface StaticOptions {
  /** The built client (vite's dist). */
  staticDir: string;
  /** Serve *.map files (CONSOLE_SOURCE_MAPS). */
  sourceMaps: boolean;
  /** The per-file upload limit (CONSOLE_UPLOAD_MAX_MB), in bytes: the client states it. */
  uploadMaxBytes: number;
  /** The REST API of the Airflow /api/workflow is proxied to (CONSOLE_AIRFLOW_API), or null: the embedded server. */
  airflowApi: 'v1' | 'v2' | null;
  /** Whether /api/bi is a Superset upstream's (CONSOLE_SUPERSET_URL) rather than the embedded service. */
  biUpstream: boolean;
}

/**
 * Runtime settings for the client: where each API lives, feature flags, version, the upload limit, and which Airflow API the workflow mount speaks. Only the embedded
 * workflow server has the extra filters (workflowFilters); a real Airflow is told by its version.
 * Nothing about the machine: this is served before sign-in (it named the data directory once).
 */
export function clientConfig(version: string, uploadMaxBytes: number, airflowApi: StaticOptions['airflowApi'] = null, biUpstream = false): RuntimeConfig {
  const base = { apis: DEFAULT_API_MOUNTS, version, uploadMaxBytes };
  const features = { ...biFeatures(biUpstream), ...(airflowApi === null ? { [WORKFLOW_FILTERS_FEATURE]: true } : {}) };
  return airflowApi === null ? { ...base, features } : { ...base, features, workflowApiVersion: airflowApi };
}

/** Every BI extension is answered in both modes (in front of Superset, by the console: server/bi/upstream/extensions.routes.ts). */
function biFeatures(biUpstream: boolean): RuntimeConfig['features'] {
  const features: RuntimeConfig['features'] = Object.fromEntries(BI_FEATURES.map((name) => [name, true]));
  if (biUpstream) features[BI_SEARCH_SNAPSHOT_FEATURE] = true;
  return features;
}

/**
 * Serves the built client. Hashed files under /assets/ are cached for a year; everything
 * else (index.html, sw.js, the manifest) revalidates so a new build is picked up at once.
 * Files are looked up per request, so a rebuild needs no restart.
 */
export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const { staticDir, sourceMaps } = options;
  const config = clientConfig(readPackageVersion(), options.uploadMaxBytes, options.airflowApi, options.biUpstream);

  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', REVALIDATE);
    return config;
  });

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // The static plugin serves files only (index: false), so / takes the same path as any
  // client route and answers 503 when the client is not built.
  app.get('/', async (_request, reply) => sendIndexHtml(reply, staticDir));

  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    index: false,
    cacheControl: false,
    suppressWarning: true,
    // /api/* is never a file: unmatched API paths go on to the JSON 404. Source maps (the
    // build writes them) show the source, so they are served only when enabled.
    allowedPath: (pathName) => !isApiPath(pathName) && (sourceMaps || !isSourceMap(pathName)),
    setHeaders: (reply, filePath) => {
      const relative = path.relative(staticDir, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** A missing hashed asset or source map is a real 404: answering index.html would be cached as code. */
export function wantsSpaFallback(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !isApiPath(url) && !url.startsWith('/assets/') && !isSourceMap(url);
}

function isSourceMap(url: string): boolean {
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).toLowerCase().endsWith('.map');
}

/** Client-side routes (/admin/sql, ...) answer index.html; 503 text when not built. */
export async function sendIndexHtml(reply: FastifyReply, staticDir: string): Promise<FastifyReply> {
  let html: Buffer;
  try {
    html = await readFile(path.join(staticDir, 'index.html'));
  } catch {
    return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(CLIENT_NOT_BUILT);
  }
  return reply.code(200).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(html);
}
