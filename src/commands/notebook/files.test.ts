import 'fake-indexeddb/auto';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { append } from '../../db/append';
import { WORKSPACE_AGGREGATE } from '../../model/events';
import { newEvent } from '../../db/identity';
import { freshDbs } from '../../db/testing/db';
import { serverFile } from '../../sync/testing/serverFile';
import type { Notice } from '../core';
import { NOTEBOOK_CACHE_LIMIT } from '../../db/notebookCache';
import { createNotebookFiles, NOT_ON_DEVICE_MESSAGE } from './files';

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
    expect(await files.read('reports/q1 é.ipynb')).toEqual({ ok: true, content: '{ "stored": "as is" }\n', fileName: 'q1 é.ipynb', from: 'server', version: '1' });
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

describe('reading offline what the server gave before', () => {
  it('a notebook read from the server is read again offline, and the least recently read go beyond the limit', async () => {
    const db = freshDb();
    let online = true;
    let clock = 1;
    const api = { getLocalFile: vi.fn(async (path: string) => (online ? { content: `server ${path}`, file: serverFile(path) } : Promise.reject(offline()))) };
    const files = createNotebookFiles({ db, notify: (n) => notices.push(n), api, now: () => clock++ });
    await files.read('a.ipynb');
    await files.read('b.ipynb');
    online = false;
    // With the server's version of it: a save of what was opened offline is still checked against it.
    expect(await files.read('a.ipynb')).toEqual({ ok: true, content: 'server a.ipynb', fileName: 'a.ipynb', from: 'device', version: '1' });
    expect(await files.read('c.ipynb')).toMatchObject({ ok: false, reason: 'offline' });

    online = true;
    for (let i = 0; i < NOTEBOOK_CACHE_LIMIT; i++) await files.read(`n${i}.ipynb`);
    online = false;
    expect(await files.read('a.ipynb')).toMatchObject({ ok: false, reason: 'offline' });
    expect(await files.read(`n${NOTEBOOK_CACHE_LIMIT - 1}.ipynb`)).toMatchObject({ ok: true, from: 'device' });
    expect(await db.notebookCache.count()).toBe(NOTEBOOK_CACHE_LIMIT);
  });

  it('while a notebook made here has not reached the server, the log’s copy wins over an older server copy', async () => {
    const db = freshDb();
    await db.notebookCache.put({ path: 'r/mine.ipynb', content: 'older, from the server', readAt: 1 });
    await append(db, [newEvent({ clientId: 'c', tabId: 't' }, { type: 'WorkspaceNotebookCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path: 'r/mine.ipynb', content: 'from the log' } })]);
    const files = createNotebookFiles({ db, notify: (n) => notices.push(n), api: { getLocalFile: async () => Promise.reject(offline()) } });
    expect(await files.read('r/mine.ipynb')).toMatchObject({ ok: true, content: 'from the log' });
  });
});
