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

export interface NotebookClient {
  cookie: string;
  get(url: string): Promise<InjectResponse>;
  post(url: string, payload: object, headers?: Record<string, string>): Promise<InjectResponse>;
  del(url: string, payload: object, headers?: Record<string, string>): Promise<InjectResponse>;
  /** POST /files; returns the answer. */
  save(path: string, content?: string, headers?: Record<string, string>): Promise<InjectResponse>;
  folder(path: string): Promise<InjectResponse>;
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
  };
  return client;
}
