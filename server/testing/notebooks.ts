import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import { signIn } from './harness';

export const NOTEBOOK_API = '/api/notebook';

/** A minimal valid nbformat 4.5 notebook as the client would save it. */
export function notebookJson(source = 'print(1)'): string {
  return JSON.stringify({
    cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source, outputs: [], execution_count: null }],
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  });
}

const BOUNDARY = '----console-test-boundary';

/** The fields of POST /upload; absent ones are not sent. */
export interface UploadFields {
  file?: { filename: string; data: string | Buffer };
  path?: string;
}

/** A multipart/form-data body as a browser builds it (the filename as given, not escaped). */
export function uploadBody(fields: UploadFields): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  const part = (disposition: string, data: string | Buffer) =>
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`), Buffer.from(data), Buffer.from('\r\n'));
  if (fields.path !== undefined) part('name="path"', fields.path);
  if (fields.file) part(`name="file"; filename="${fields.file.filename}"`, fields.file.data);
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

export interface NotebookClient {
  cookie: string;
  get(url: string): Promise<InjectResponse>;
  post(url: string, payload: object, headers?: Record<string, string>): Promise<InjectResponse>;
  del(url: string, payload: object, headers?: Record<string, string>): Promise<InjectResponse>;
  /** POST /files; returns the answer. */
  save(path: string, content?: string, headers?: Record<string, string>): Promise<InjectResponse>;
  folder(path: string): Promise<InjectResponse>;
  /** POST /upload with a multipart body. */
  upload(fields: UploadFields, headers?: Record<string, string>): Promise<InjectResponse>;
}

/** Signs in and talks to /api/notebook through app.inject. */
export async function notebookClient(app: FastifyInstance, username?: string, password?: string): Promise<NotebookClient> {
  const { cookie } = await signIn(app, username, password);
  const send = (method: 'POST' | 'DELETE', url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `${NOTEBOOK_API}${url}`, payload, headers: { cookie, ...headers } });
  const client: NotebookClient = {
    cookie,
    get: (url) => app.inject({ method: 'GET', url: `${NOTEBOOK_API}${url}`, headers: { cookie } }),
    post: (url, payload, headers) => send('POST', url, payload, headers),
    del: (url, payload, headers) => send('DELETE', url, payload, headers),
    save: (path, content = notebookJson(), headers) => send('POST', '/files', { path, content }, headers),
    folder: (path) => send('POST', '/folders', { path }),
    upload: (fields, headers = {}) => {
      const { payload, contentType } = uploadBody(fields);
      return app.inject({ method: 'POST', url: `${NOTEBOOK_API}/upload`, payload, headers: { cookie, 'content-type': contentType, ...headers } });
    },
  };
  return client;
}
