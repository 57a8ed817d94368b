import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson, type NotebookClient } from '../testing/notebooks';
import { Workspace } from './workspace';

const fixture = useFixture();

afterEach(() => {
  vi.restoreAllMocks();
});

interface Running {
  app: FastifyInstance;
  client: NotebookClient;
  root: string;
  dataDir: string;
}

async function start(dataDir?: string): Promise<Running> {
  const { app, services } = await fixture.build(dataDir ? { dataDir } : {});
  return { app, client: await notebookClient(app), root: services.notebooks.root, dataDir: services.config.dataDir };
}

/**
 * The process dies inside `step`: the spied step never returns, so nothing after it runs (no
 * record, no clean-up), then the app is closed and a new one starts on the same data dir.
 */
async function crashDuring(running: Running, step: MockInstance, request: () => Promise<unknown>): Promise<Running> {
  step.mockImplementationOnce(() => new Promise(() => undefined));
  void request();
  await vi.waitFor(() => expect(step).toHaveBeenCalled());
  await fixture.close(running.app);
  vi.restoreAllMocks();
  return start(running.dataDir);
}

async function listed(client: NotebookClient): Promise<string[]> {
  return (await client.get('/workspace')).json().files.map((file: { path: string }) => file.path);
}

const CREATE = { 'idempotency-key': 'create-1', 'if-none-match': '*' };

describe('a crash between writing an item and committing its record', () => {
  it('a resent create (same key) succeeds and the notebook is listed once', async () => {
    const first = await start();
    const commit = vi.spyOn(Workspace.prototype, 'commit');
    const after = await crashDuring(first, commit, () => first.client.save('crash.ipynb', notebookJson('sent'), CREATE));

    const resent = await after.client.save('crash.ipynb', notebookJson('sent'), CREATE);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().file).toMatchObject({ path: 'crash.ipynb', owner: 'admin' });
    expect(await listed(after.client)).toEqual(['crash.ipynb']);
    expect(await readFile(path.join(after.root, 'crash.ipynb'), 'utf8')).toBe(notebookJson('sent'));
    // Nothing left behind: no orphan, no staged copy.
    expect(await readdir(after.root)).toEqual(['crash.ipynb']);
    expect((await after.client.save('crash.ipynb', notebookJson('sent'), CREATE)).headers['idempotent-replayed']).toBe('true');
  });

  it('a resent overwrite (same key, If-Match the old version) succeeds', async () => {
    const first = await start();
    const v1 = (await first.client.save('n.ipynb', notebookJson('v1'))).json().file;
    const commit = vi.spyOn(Workspace.prototype, 'commit');
    const headers = { 'idempotency-key': 'save-2', 'if-match': v1.version };
    const after = await crashDuring(first, commit, () => first.client.save('n.ipynb', notebookJson('v2'), headers));

    // The write never committed, so the item is still the one the client last saw.
    const read = (await after.client.get('/get-file-local?path=n.ipynb')).json();
    expect(read).toMatchObject({ content: notebookJson('v1'), file: { id: v1.id, version: v1.version } });
    const resent = await after.client.save('n.ipynb', notebookJson('v2'), headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().file.id).toBe(v1.id);
    expect(await readFile(path.join(after.root, 'n.ipynb'), 'utf8')).toBe(notebookJson('v2'));
    expect(await readdir(after.root)).toEqual(['n.ipynb']);
  });

  it('a resent folder create (same key) succeeds and the folder is listed once', async () => {
    const first = await start();
    const commit = vi.spyOn(Workspace.prototype, 'commit');
    const headers = { 'idempotency-key': 'folder-1' };
    const after = await crashDuring(first, commit, () => first.client.post('/folders', { path: 'reports' }, headers));

    const resent = await after.client.post('/folders', { path: 'reports' }, headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().file).toMatchObject({ path: 'reports', type: 'folder', owner: 'admin' });
    expect(await listed(after.client)).toEqual(['reports']);
    expect(await readdir(after.root)).toEqual(['reports']);
  });
});

describe('a crash between committing the record and putting the item in place', () => {
  it('the next start puts the notebook in place; the resent create replays its answer', async () => {
    const first = await start();
    const place = vi.spyOn(Workspace.prototype, 'place');
    const after = await crashDuring(first, place, () => first.client.save('late.ipynb', notebookJson('committed'), CREATE));

    expect(await readdir(after.root)).toEqual(['late.ipynb']);
    expect(await readFile(path.join(after.root, 'late.ipynb'), 'utf8')).toBe(notebookJson('committed'));
    const resent = await after.client.save('late.ipynb', notebookJson('committed'), CREATE);
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(await listed(after.client)).toEqual(['late.ipynb']);
    const read = (await after.client.get('/get-file-local?path=late.ipynb')).json();
    expect(read.file).toEqual(resent.json().file);
  });

  it('an overwrite and a folder committed before the crash are in place after it', async () => {
    const first = await start();
    const v1 = (await first.client.save('n.ipynb', notebookJson('v1'))).json().file;
    const place = vi.spyOn(Workspace.prototype, 'place');
    const second = await crashDuring(first, place, () => first.client.save('n.ipynb', notebookJson('v2'), { 'if-match': v1.version }));
    const folder = vi.spyOn(Workspace.prototype, 'place');
    const after = await crashDuring(second, folder, () => second.client.post('/folders', { path: 'reports' }, { 'idempotency-key': 'f' }));

    expect([...(await readdir(after.root))].sort()).toEqual(['n.ipynb', 'reports']);
    const read = (await after.client.get('/get-file-local?path=n.ipynb')).json();
    expect(read).toMatchObject({ content: notebookJson('v2'), file: { id: v1.id } });
    expect(await listed(after.client)).toEqual(['reports', 'n.ipynb']);
    expect((await after.client.post('/folders', { path: 'reports' }, { 'idempotency-key': 'f' })).headers['idempotent-replayed']).toBe('true');
  });

  it('staged entries nobody recorded are removed at start; other hidden files stay', async () => {
    const { dataDir, root, app } = await start();
    await fixture.close(app);
    const stray = ['.01ARZ3NDEKTSV4RRFFQ69G5FAV.0123456789ab.tmp', '.01ARZ3NDEKTSV4RRFFQ69G5FAW.0123456789ab.tmp'];
    await writeFile(path.join(root, stray[0]), notebookJson());
    await mkdir(path.join(root, stray[1]));
    await mkdir(path.join(root, 'kept'));
    await writeFile(path.join(root, 'kept', stray[0]), notebookJson());
    await writeFile(path.join(root, '.other.tmp'), 'not staged by the server');
    const after = await start(dataDir);
    expect([...(await readdir(after.root, { recursive: true }))].sort()).toEqual(['.other.tmp', 'kept']);
  });
});

describe('staging', () => {
  it('a record that fails to commit leaves nothing on disk, and the resent create succeeds', async () => {
    const { client, root } = await start();
    vi.spyOn(Workspace.prototype, 'commit').mockRejectedValueOnce(new Error('disk full'));
    expect((await client.save('n.ipynb', notebookJson(), CREATE)).statusCode).toBe(500);
    expect(await readdir(root)).toEqual([]);
    expect((await client.save('n.ipynb', notebookJson(), CREATE)).statusCode).toBe(200);
    expect(await listed(client)).toEqual(['n.ipynb']);
  });

  it('stages under a short hidden name, so a notebook with a 255-byte name saves', async () => {
    const { client, root } = await start();
    const name = `${'n'.repeat(249)}.ipynb`;
    const saved = await client.save(name, notebookJson('long'), CREATE);
    expect(saved.statusCode).toBe(200);
    expect(await readdir(root)).toEqual([name]);
    expect((await client.save(name, notebookJson('longer'))).statusCode).toBe(200);
    expect(await readFile(path.join(root, name), 'utf8')).toBe(notebookJson('longer'));
  });
});
