import 'fake-indexeddb/auto';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { append } from '../db/append';
import { WORKSPACE_AGGREGATE } from '../db/events';
import { newEvent } from '../db/identity';
import { freshDbs } from '../db/testDb';
import { serverFile } from '../sync/testing/serverFile';
import type { Notice } from './core';
import { createNotebookFiles, NOT_ON_DEVICE_MESSAGE } from './notebookFiles';

const freshDb = freshDbs('notebook-files');
const notices: Notice[] = [];
const offline = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK);
const status = (code: number, data: object = {}) =>
  new AxiosError('failed', 'ERR_BAD_RESPONSE', undefined, undefined, { status: code, data, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } });

async function setup(getLocalFile: (path: string) => Promise<{ content: string; file: ReturnType<typeof serverFile> }>) {
  const db = freshDb();
  await append(db, [newEvent({ clientId: 'c', tabId: 't' }, { type: 'WorkspaceNotebookCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path: 'r/mine.ipynb', content: 'from the log' } })]);
  return createNotebookFiles({ db, notify: (n) => notices.push(n), api: { getLocalFile: vi.fn(getLocalFile) } });
}

describe('reading a notebook file (download, read-only view)', () => {
  it('gives the server’s bytes as stored, named as the notebook', async () => {
    const files = await setup(async (path) => ({ content: '{ "stored": "as is" }\n', file: serverFile(path) }));
    expect(await files.read('reports/q1 é.ipynb')).toEqual({ ok: true, content: '{ "stored": "as is" }\n', fileName: 'q1 é.ipynb', from: 'server' });
  });

  it('offline, or before the server has it, gives what this browser’s log holds', async () => {
    expect(await (await setup(async () => Promise.reject(offline()))).read('r/mine.ipynb')).toEqual({ ok: true, content: 'from the log', fileName: 'mine.ipynb', from: 'device' });
    expect(await (await setup(async () => Promise.reject(status(404)))).read('r/mine.ipynb')).toMatchObject({ ok: true, from: 'device' });
  });

  it('says why when neither has it', async () => {
    expect(await (await setup(async () => Promise.reject(offline()))).read('r/other.ipynb')).toEqual({ ok: false, reason: 'offline', message: NOT_ON_DEVICE_MESSAGE });
    expect(await (await setup(async () => Promise.reject(status(404)))).read('x.ipynb')).toMatchObject({ ok: false, message: 'Notebook not found: x.ipynb' });
    expect(await (await setup(async () => Promise.reject(status(500, { message: 'Disk full' })))).read('x.ipynb')).toMatchObject({ ok: false, message: 'Disk full' });
  });
});

describe('downloading a notebook', () => {
  it('gives the file under the notebook’s name; when it cannot, says why, naming the file', async () => {
    notices.length = 0;
    const files = await setup(async (path) => ({ content: 'bytes', file: serverFile(path) }));
    expect(await files.download('reports/q1.ipynb')).toMatchObject({ ok: true, content: 'bytes', fileName: 'q1.ipynb' });
    expect(notices).toEqual([]);
    const offlineFiles = await setup(async () => Promise.reject(offline()));
    expect(await offlineFiles.download('r/mine.ipynb')).toMatchObject({ ok: true, fileName: 'mine.ipynb', from: 'device' });
    expect(await offlineFiles.download('r/gone.ipynb')).toMatchObject({ ok: false });
    expect(notices).toEqual([{ kind: 'error', message: `gone.ipynb could not be downloaded: ${NOT_ON_DEVICE_MESSAGE}` }]);
  });
});
