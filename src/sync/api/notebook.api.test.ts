import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createHttp, httpStatus, REQUEST_TIMEOUT_MS, serverMessage } from './http';
import { createNotebookApi, isSaveConflict, SaveConflict, type SaveOptions, type WorkspaceFile } from './notebook.api';

const file: WorkspaceFile = {
  id: 'f1',
  name: 'q1.ipynb',
  path: 'reports/q1.ipynb',
  type: 'notebook',
  owner: 'admin',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-02T00:00:00Z',
  isFavorite: false,
  isDeleted: false,
  version: '3',
};

interface Answer {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/** An API whose server answers every request with `answer`, and the requests it saw. */
function apiAnswering(answer: Answer, onUnauthorized = vi.fn()) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { status: answer.status, statusText: '', data: answer.data ?? {}, headers: answer.headers ?? {}, config };
    if (answer.status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  const http = createHttp({ baseURL: '/api/notebook', onUnauthorized });
  http.defaults.adapter = adapter;
  return { api: createNotebookApi(http), seen, http, onUnauthorized };
}

const options: SaveOptions = { key: 'k-1', changeId: 'evt-1', label: 'Rename q1.ipynb to «q2».ipynb', ifMatch: '3' };

describe('notebook API reads', () => {
  it('lists a bucket of the workspace', async () => {
    const { api, seen } = apiAnswering({ status: 200, data: { files: [file] } });
    expect(await api.listWorkspace('workspace')).toEqual([file]);
    expect(seen[0]).toMatchObject({ method: 'get', url: '/workspace', params: { bucket: 'workspace' } });
  });

  it('lists the local file system and reads files', async () => {
    const { api, seen } = apiAnswering({ status: 200, data: { files: [file], content: '{"cells":[]}', file } });
    expect(await api.listLocal()).toEqual([file]);
    expect(await api.getLocalFile('reports/q1.ipynb')).toEqual({ content: '{"cells":[]}', file });
    expect(await api.getS3File('workspace', 'reports/q1.ipynb')).toEqual({ content: '{"cells":[]}', file });
    expect(seen.map((c) => [c.url, c.params])).toEqual([
      ['/local-fs', undefined],
      ['/get-file-local', { path: 'reports/q1.ipynb' }],
      ['/get-file-s3', { bucket: 'workspace', key: 'reports/q1.ipynb' }],
    ]);
  });

  it('refuses an answer that is not a file list', async () => {
    const { api } = apiAnswering({ status: 200, data: '<html>' });
    await expect(api.listWorkspace()).rejects.toThrow('unexpected file list');
  });

  it('reads an audit page', async () => {
    const entry = { seq: 41, key: 'k-1', method: 'POST', route: '/api/notebook/rename', path: 'b.ipynb', status: 200, username: 'admin', at: '2025-01-01T00:00:00Z' };
    const { api, seen } = apiAnswering({ status: 200, data: { items: [entry], count: 41 } });
    expect(await api.audit({ limit: 20, offset: 40 })).toEqual({ items: [entry], count: 41 });
    expect(seen[0]?.params).toEqual({ limit: 20, offset: 40 });
  });

  it('keeps the 50 s timeout and passes an abort signal on', async () => {
    const { api, seen } = apiAnswering({ status: 200, data: { files: [] } });
    const controller = new AbortController();
    await api.listWorkspace('workspace', { signal: controller.signal });
    expect(seen[0]?.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(seen[0]?.signal).toBe(controller.signal);
  });
});

describe('notebook API saves', () => {
  it('sends the idempotency key, change id, encoded label and version', async () => {
    const { api, seen } = apiAnswering({ status: 200, data: { file } });
    expect(await api.rename('reports/q1.ipynb', 'reports/q2.ipynb', options)).toEqual({ queued: false, data: file });
    const headers = seen[0]?.headers;
    expect(headers?.get('Idempotency-Key')).toBe('k-1');
    expect(headers?.get('X-Console-Change')).toBe('evt-1');
    expect(decodeURIComponent(String(headers?.get('X-Console-Label')))).toBe(options.label);
    expect(headers?.get('If-Match')).toBe('3');
    expect(headers?.has('If-None-Match')).toBe(false);
    expect(JSON.parse(String(seen[0]?.data))).toEqual({ oldPath: 'reports/q1.ipynb', newPath: 'reports/q2.ipynb' });
  });

  it('create-only saves send If-None-Match: * and the content as a string', async () => {
    const { api, seen } = apiAnswering({ status: 200, data: { file } });
    await api.saveFile('a.ipynb', '{"cells":[]}', { key: 'k', label: 'Create a.ipynb', createOnly: true });
    expect(seen[0]?.headers.get('If-None-Match')).toBe('*');
    expect(seen[0]?.headers.has('If-Match')).toBe(false);
    expect(seen[0]?.headers.has('X-Console-Change')).toBe(false);
    expect(JSON.parse(String(seen[0]?.data))).toEqual({ path: 'a.ipynb', content: '{"cells":[]}' });
  });

  it('uses each route: folders, delete with a JSON body, restore, favorite', async () => {
    const { api, seen } = apiAnswering({ status: 200, data: { file } });
    const o = { key: 'k', label: 'x' };
    await api.createFolder('reports', o);
    await api.remove('reports/q1.ipynb', { ...o, ifMatch: '3' });
    await api.restore('reports/q1.ipynb', o);
    await api.setFavorite('reports/q1.ipynb', true, o);
    expect(seen.map((c) => [c.method, c.url, JSON.parse(String(c.data))])).toEqual([
      ['post', '/folders', { path: 'reports' }],
      ['delete', '/delete', { path: 'reports/q1.ipynb' }],
      ['post', '/restore', { path: 'reports/q1.ipynb' }],
      ['post', '/favorite', { path: 'reports/q1.ipynb', isFavorite: true }],
    ]);
    expect(seen[1]?.headers.get('If-Match')).toBe('3');
  });

  it('a 202 with X-Queued: 1 from the service worker is a queued save', async () => {
    const { api } = apiAnswering({ status: 202, data: { queued: true, key: 'k-1' }, headers: { 'X-Queued': '1' } });
    expect(await api.createFolder('reports', options)).toEqual({ queued: true, key: 'k-1' });
  });

  it('a 409 rejects with a SaveConflict carrying status, message and the current file', async () => {
    const { api } = apiAnswering({ status: 409, data: { message: 'Changed on the server', current: file } });
    const error: unknown = await api.saveFile('reports/q1.ipynb', '{}', options).catch((e: unknown) => e);
    expect(isSaveConflict(error)).toBe(true);
    const conflict = error as SaveConflict;
    expect(conflict).toMatchObject({ status: 409, message: 'Changed on the server', current: file, name: 'SaveConflict' });
    // The shared helpers still read it like any HTTP failure.
    expect(httpStatus(conflict)).toBe(409);
    expect(serverMessage(conflict)).toBe('Changed on the server');
  });

  it('a 409 for an item that is gone has current null', async () => {
    const { api } = apiAnswering({ status: 409, data: { message: 'gone', current: null } });
    await expect(api.remove('a', options)).rejects.toMatchObject({ name: 'SaveConflict', current: null });
  });

  it('other failures pass through; a 401 still ends the session', async () => {
    const { api, onUnauthorized } = apiAnswering({ status: 401 });
    const error: unknown = await api.restore('a', options).catch((e: unknown) => e);
    expect(isSaveConflict(error)).toBe(false);
    expect(httpStatus(error)).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
