import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createHttp, REQUEST_TIMEOUT_MS } from './http';
import { createNotebookApi, exportUrl, fileFrom, notebookSaves, type WorkspaceFile } from './notebook.api';

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

  it('reads an item\'s details and refuses a malformed answer', async () => {
    const details = { file, size: 1234, kernel: 'Python 3', cellCount: 7, items: null };
    const { api, seen } = apiAnswering({ status: 200, data: details });
    expect(await api.getDetails('reports/q1.ipynb')).toEqual(details);
    expect(seen[0]).toMatchObject({ method: 'get', url: '/details', params: { path: 'reports/q1.ipynb' } });
    const folder = { file: { ...file, type: 'folder' }, size: 0, kernel: null, cellCount: null, items: 0 };
    expect(await apiAnswering({ status: 200, data: folder }).api.getDetails('reports')).toEqual(folder);
    for (const bad of [{ ...details, size: '1234' }, { ...details, kernel: 3 }, { ...details, cellCount: -1 }, { ...details, items: 1.5 }, { ...details, file: null }, '<html>']) {
      await expect(apiAnswering({ status: 200, data: bad }).api.getDetails('x'), JSON.stringify(bad)).rejects.toThrow('unexpected details');
    }
  });

  it('searches by name with a limit', async () => {
    const { api, seen } = apiAnswering({ status: 200, data: { files: [file] } });
    expect(await api.searchFiles('q1 é', 20)).toEqual([file]);
    expect(seen[0]).toMatchObject({ method: 'get', url: '/search', params: { q: 'q1 é', limit: 20 } });
    await expect(apiAnswering({ status: 200, data: { files: [{ path: 1 }] } }).api.searchFiles('q', 5)).rejects.toThrow('unexpected file list');
  });

  it('a server error on the new reads rejects (not an empty answer)', async () => {
    const { api } = apiAnswering({ status: 404, data: { message: 'Not found: x' } });
    await expect(api.getDetails('x')).rejects.toThrow();
    await expect(api.searchFiles('x', 20)).rejects.toThrow();
  });

  it('builds the export link, the path encoded', () => {
    expect(exportUrl('/api/notebook', 'Rapports été/q1 #2.ipynb')).toBe('/api/notebook/export?path=Rapports%20%C3%A9t%C3%A9%2Fq1%20%232.ipynb');
    expect(exportUrl('/api/notebook', '')).toBe('/api/notebook/export?path=');
  });

  it('keeps the 50 s timeout and passes an abort signal on', async () => {
    const { api, seen } = apiAnswering({ status: 200, data: { files: [] } });
    const controller = new AbortController();
    await api.listWorkspace('workspace', { signal: controller.signal });
    expect(seen[0]?.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(seen[0]?.signal).toBe(controller.signal);
  });
});

describe('notebook saves (sent by the sender, see saves.api.ts)', () => {
  const saves = notebookSaves('/api/notebook');

  it('carry the idempotency key, the encoded label and the version', () => {
    const label = 'Rename q1.ipynb to «q2».ipynb';
    const request = saves.rename('reports/q1.ipynb', 'reports/q2.ipynb', { key: 'k-1', label, ifMatch: '3' });
    expect(request).toEqual({
      method: 'POST',
      url: '/api/notebook/rename',
      headers: { 'Idempotency-Key': 'k-1', 'X-Console-Label': encodeURIComponent(label), 'If-Match': '3' },
      body: { oldPath: 'reports/q1.ipynb', newPath: 'reports/q2.ipynb' },
    });
  });

  it('create-only saves send If-None-Match: * and the content as a string', () => {
    const request = saves.saveFile('a.ipynb', '{"cells":[]}', { key: 'k', label: 'Create a.ipynb', createOnly: true });
    expect(request.headers).toEqual({ 'Idempotency-Key': 'k', 'X-Console-Label': 'Create%20a.ipynb', 'If-None-Match': '*' });
    expect(request.body).toEqual({ path: 'a.ipynb', content: '{"cells":[]}' });
  });

  it('use each route: folders, delete with a JSON body, restore', () => {
    const o = { key: 'k', label: 'x' };
    expect([saves.createFolder('reports', o), saves.remove('reports/q1.ipynb', { ...o, ifMatch: '3' }), saves.restore('reports/q1.ipynb', o)].map((r) => [r.method, r.url, r.body, r.headers['If-Match']])).toEqual([
      ['POST', '/api/notebook/folders', { path: 'reports' }, undefined],
      ['DELETE', '/api/notebook/delete', { path: 'reports/q1.ipynb' }, '3'],
      ['POST', '/api/notebook/restore', { path: 'reports/q1.ipynb' }, undefined],
    ]);
  });

  it('purge deletes from the trash; favorite sends the flag', () => {
    const o = { key: 'k', label: 'x' };
    expect(saves.purge('old.ipynb', o)).toEqual({ method: 'DELETE', url: '/api/notebook/trash', headers: { 'Idempotency-Key': 'k', 'X-Console-Label': 'x' }, body: { path: 'old.ipynb' } });
    expect([saves.favorite('a.ipynb', true, o), saves.favorite('a.ipynb', false, o)].map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/api/notebook/favorite', { path: 'a.ipynb', isFavorite: true }],
      ['POST', '/api/notebook/favorite', { path: 'a.ipynb', isFavorite: false }],
    ]);
  });

  it('fileFrom reads the file of an answer, or null', () => {
    expect(fileFrom({ file })).toEqual(file);
    expect(fileFrom({ message: 'Changed on the server' })).toBeNull();
    expect(fileFrom(null)).toBeNull();
  });
});
