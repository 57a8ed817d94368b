import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { answerRecorder, claimInHandler, jsonAnswer, type Answer } from '../http/idempotency';
import type { IdempotencyStore } from '../http/idempotency.store';
import { MIB } from '../config';
import { requiredStrings } from '../http/validation';
import { SEARCH_LIMIT } from './details';
import { WorkspaceError } from './errors';
import { attachment, zipStream } from './export';
import type { WorkspaceFile } from './model';
import { etagOf, parsePreconditions } from './preconditions';
import { readUploadForm, uploadDigest, uploadOptions } from './uploadForm';
import type { WriteContext } from './workspace';

/** The embedded default has a single bucket: the workspace folder. */
export const WORKSPACE_BUCKET = 'workspace';
/** Notebooks with image outputs easily pass Fastify's 1 MiB default. */
const NOTEBOOK_BODY_LIMIT = 32 * 1024 * 1024;

const pathQuery = requiredStrings('path');
const optionalPathQuery = { type: 'object', properties: { path: { type: 'string' } } } as const;
const bucketQuery = { type: 'object', properties: { bucket: { type: 'string' } } } as const;
const s3Query = { type: 'object', required: ['key'], properties: { bucket: { type: 'string' }, key: { type: 'string' } } } as const;
const searchQuery = {
  type: 'object',
  required: ['q'],
  properties: { q: { type: 'string', minLength: 1, maxLength: 1024 }, limit: { type: 'integer', minimum: 1, maximum: SEARCH_LIMIT.max, default: SEARCH_LIMIT.default } },
} as const;
const auditQuery = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 10000, default: 100 }, offset: { type: 'integer', minimum: 0, default: 0 } },
} as const;
const restoreBody = { ...requiredStrings('path'), properties: { ...requiredStrings('path').properties, id: { strictType: 'string' } } };
const favoriteBody = {
  type: 'object',
  required: ['path', 'isFavorite'],
  properties: { path: { strictType: 'string' }, isFavorite: { strictType: 'boolean' } },
} as const;

/**
 * Workspace file API (the seed's paths), mounted at /api/notebook, for admins and editors.
 * Single-item answers are {file} with the item's version as ETag; writes take If-Match
 * (and POST /files If-None-Match: *) and, like every mutating API, an Idempotency-Key.
 */
export const notebookRoutes: FastifyPluginAsync = async (app) => {
  const notebooks = app.services.notebooks;
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof WorkspaceError) return reply.code(error.statusCode).send(error.toJSON());
    throw error; // to the app's handler
  });

  app.get<{ Querystring: { bucket?: string } }>('/workspace', { schema: { querystring: bucketQuery } }, async (request) => {
    checkBucket(request.query.bucket);
    return { files: await notebooks.list() };
  });

  app.get('/local-fs', async () => ({ files: await notebooks.list() }));

  app.get<{ Querystring: { path: string } }>('/get-file-local', { schema: { querystring: pathQuery } }, async (request, reply) => {
    const { content, file } = await notebooks.read(request.query.path);
    return withEtag(reply, file, { content, file });
  });

  app.get<{ Querystring: { bucket?: string; key: string } }>('/get-file-s3', { schema: { querystring: s3Query } }, async (request, reply) => {
    checkBucket(request.query.bucket);
    const { content, file } = await notebooks.read(request.query.key);
    return withEtag(reply, file, { content, file });
  });

  app.get<{ Querystring: { path?: string } }>('/breadcrumbs', { schema: { querystring: optionalPathQuery } }, async (request) =>
    notebooks.breadcrumbs(request.query.path ?? ''),
  );

  app.get('/trash', async () => ({ files: await notebooks.trash() }));

  app.get<{ Querystring: { path?: string } }>('/export', { schema: { querystring: optionalPathQuery } }, async (request, reply) => {
    const plan = await notebooks.exportPlan(request.query.path ?? '');
    reply.header('content-disposition', attachment(plan.filename)).header('cache-control', 'no-store');
    if (plan.kind === 'notebook') return reply.type('application/x-ipynb+json').send(createReadStream(plan.absolute));
    return reply.type('application/zip').send(zipStream(plan.entries));
  });

  app.get<{ Querystring: { path: string } }>('/details', { schema: { querystring: pathQuery } }, async (request) => notebooks.details(request.query.path));

  app.get<{ Querystring: { q: string; limit: number } }>('/search', { schema: { querystring: searchQuery } }, async (request) => ({
    files: await notebooks.search(request.query.q, request.query.limit),
  }));

  app.get<{ Querystring: { limit: number; offset: number } }>('/audit', { schema: { querystring: auditQuery } }, async (request) =>
    notebooks.audit(request.query.limit, request.query.offset),
  );

  await app.register(writeRoutes);
};

const writeRoutes: FastifyPluginAsync = async (app) => {
  const { notebooks, idempotency } = app.services;
  const writeContext = (request: FastifyRequest) => writeContextOf(request, idempotency);

  app.post<{ Body: { path: string; content: string } }>(
    '/files',
    { bodyLimit: NOTEBOOK_BODY_LIMIT, schema: { body: requiredStrings('path', 'content') } },
    async (request, reply) => {
      const file = await notebooks.save(writeContext(request), request.body.path, request.body.content, preconditionsOf(request));
      return withEtag(reply, file, { file });
    },
  );

  // The file streams in through busboy, which stops at the per-file limit (see uploadForm.ts).
  const { uploadMaxMb } = app.services.config;
  await app.register(fastifyMultipart, uploadOptions(uploadMaxMb * MIB));
  app.post('/upload', { config: { idempotencyInHandler: true } }, async (request, reply) => {
    const form = await readUploadForm(request, uploadMaxMb);
    if (await claimInHandler(idempotency, request, reply, uploadDigest(form))) return reply;
    const file = await notebooks.upload(writeContext(request), form.folder, form.filename, form.data);
    return withEtag(reply, file, { file });
  });

  app.post<{ Body: { path: string } }>('/folders', { schema: { body: requiredStrings('path') } }, async (request, reply) => {
    const file = await notebooks.createFolder(writeContext(request), request.body.path);
    return withEtag(reply, file, { file });
  });

  app.post<{ Body: { oldPath: string; newPath: string } }>('/rename', { schema: { body: requiredStrings('oldPath', 'newPath') } }, async (request, reply) => {
    const { oldPath, newPath } = request.body;
    const file = await notebooks.rename(writeContext(request), oldPath, newPath, preconditionsOf(request));
    return withEtag(reply, file, { file });
  });

  app.delete<{ Body: { path: string } }>('/delete', { schema: { body: requiredStrings('path') } }, async (request, reply) => {
    const file = await notebooks.delete(writeContext(request), request.body.path, preconditionsOf(request));
    return withEtag(reply, file, { file });
  });

  app.post<{ Body: { path: string; id?: string } }>('/restore', { schema: { body: restoreBody } }, async (request, reply) => {
    const file = await notebooks.restore(writeContext(request), request.body.path, request.body.id);
    return withEtag(reply, file, { file });
  });

  app.delete<{ Body: { path: string; id?: string } }>('/trash', { schema: { body: restoreBody } }, async (request, reply) => {
    const file = await notebooks.purge(writeContext(request), request.body.path, request.body.id);
    return withEtag(reply, file, { file });
  });

  app.post<{ Body: { path: string; isFavorite: boolean } }>('/favorite', { schema: { body: favoriteBody } }, async (request, reply) => {
    const file = await notebooks.favorite(writeContext(request), request.body.path, request.body.isFavorite);
    return withEtag(reply, file, { file });
  });
};

function checkBucket(bucket: string | undefined): void {
  if (bucket !== undefined && bucket !== WORKSPACE_BUCKET) throw new WorkspaceError(404, `Unknown bucket: ${bucket}`);
}

function withEtag<T>(reply: FastifyReply, file: WorkspaceFile, body: T): T {
  reply.header('etag', etagOf(file.version));
  return body;
}

/** What every write route sends on success: withEtag(reply, file, { file }). */
function fileAnswer(file: WorkspaceFile): Answer {
  return jsonAnswer(200, { file }, { etag: etagOf(file.version) });
}

function preconditionsOf(request: FastifyRequest) {
  return parsePreconditions(request.headers['if-match'], request.headers['if-none-match']);
}

function writeContextOf(request: FastifyRequest, idempotency: IdempotencyStore): WriteContext {
  if (!request.user) throw new Error('The auth guard did not attach a user');
  const record = answerRecorder(request, idempotency);
  return {
    username: request.user.username,
    key: request.idempotency?.key ?? null,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    // The idempotent answer commits with the write, so an applied write always has its key.
    alsoInTransaction: record && ((tx, file) => record(tx, fileAnswer(file))),
  };
}
