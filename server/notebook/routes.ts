import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { answerRecorder, jsonAnswer, type Answer } from '../http/idempotency';
import type { IdempotencyStore } from '../http/idempotency.store';
import { requiredStrings } from '../http/validation';
import { boundaryOf, MultipartError, parseMultipart, type FormPart } from '../http/multipart';
import { badRequest, WorkspaceError } from './errors';
import type { WorkspaceFile } from './model';
import { etagOf, parsePreconditions } from './preconditions';
import type { WriteContext } from './workspace';

/** The embedded default has a single bucket: the workspace folder. */
export const WORKSPACE_BUCKET = 'workspace';
/** Notebooks with image outputs easily pass Fastify's 1 MiB default. */
const NOTEBOOK_BODY_LIMIT = 32 * 1024 * 1024;

const UPLOAD_ROUTE = '/upload';
const MIB = 1024 * 1024;
/** Room for the multipart framing and the path field around the file. */
const MULTIPART_SLACK = 64 * 1024;

const pathQuery = requiredStrings('path');
const optionalPathQuery = { type: 'object', properties: { path: { type: 'string' } } } as const;
const bucketQuery = { type: 'object', properties: { bucket: { type: 'string' } } } as const;
const s3Query = { type: 'object', required: ['key'], properties: { bucket: { type: 'string' }, key: { type: 'string' } } } as const;
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
  const uploadMaxMb = app.services.config.uploadMaxMb;
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof WorkspaceError) return reply.code(error.statusCode).send(error.toJSON());
    // Fastify stops reading a body past the route's limit; say which limit, not just "too large".
    if (isBodyTooLarge(error) && request.routeOptions.url?.endsWith(UPLOAD_ROUTE)) return reply.code(413).send({ message: tooLarge(uploadMaxMb) });
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

  const uploadLimit = app.services.config.uploadMaxMb * MIB;
  const uploadBodyLimit = uploadLimit + MULTIPART_SLACK;
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: uploadBodyLimit }, (_request, body, done) => done(null, body));
  app.post(UPLOAD_ROUTE, { bodyLimit: uploadBodyLimit }, async (request, reply) => {
    const form = uploadForm(request, uploadLimit, app.services.config.uploadMaxMb);
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

/**
 * The upload's fields: `file` (one file) and `path`, the destination folder ("" or absent: the
 * root, as is "/"). The file's own size is checked here: the body limit also counts the framing.
 */
function uploadForm(request: FastifyRequest, limit: number, limitMb: number): { folder: string; filename: string; data: Buffer } {
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !/^multipart\/form-data/i.test(contentType)) throw badRequest('Upload as multipart/form-data with the fields file and path');
  let parts: FormPart[];
  try {
    parts = parseMultipart(request.body, boundaryOf(contentType));
  } catch (error) {
    if (error instanceof MultipartError) throw badRequest(error.message);
    throw error;
  }
  const files = parts.filter((part) => part.name === 'file');
  if (files.length !== 1 || files[0].filename === undefined) throw badRequest('Send exactly one file in the field "file"');
  if (files[0].data.length > limit) throw new WorkspaceError(413, tooLarge(limitMb, files[0].filename));
  const folder = parts.find((part) => part.name === 'path')?.data.toString('utf8') ?? '';
  return { folder: folder === '/' ? '' : folder, filename: files[0].filename, data: files[0].data };
}

function tooLarge(limitMb: number, filename?: string): string {
  const what = filename === undefined ? 'The file' : `"${filename}"`;
  return `${what} is larger than the upload limit of ${limitMb} MB per file`;
}

function isBodyTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE';
}

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
