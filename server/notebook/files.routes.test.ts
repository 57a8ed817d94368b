import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_PASSWORD, useFixture } from '../testing/harness';
import { NOTEBOOK_API, notebookClient, notebookJson } from '../testing/notebooks';

const fixture = useFixture();
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const versionOf = (content: string) => createHash('sha256').update(content).digest('hex').slice(0, 16);

async function setup() {
  const built = await fixture.build();
  const client = await notebookClient(built.app);
  const root = path.join(built.services.config.dataDir, 'workspace');
  return { ...built, client, root };
}

describe('GET /workspace and /local-fs', () => {
  it('list every item, folders first then by path, with the WorkspaceFile shape', async () => {
    const { client } = await setup();
    expect((await client.get('/workspace')).json()).toEqual({ files: [] });
    await client.folder('b');
    await client.folder('a');
    await client.save('z.ipynb');
    await client.save('a/m.ipynb');
    const { files } = (await client.get('/workspace?bucket=workspace')).json();
    expect(files.map((file: { path: string }) => file.path)).toEqual(['a', 'b', 'a/m.ipynb', 'z.ipynb']);
    expect(files[2]).toEqual({
      id: expect.any(String),
      name: 'm.ipynb',
      path: 'a/m.ipynb',
      type: 'notebook',
      owner: 'admin',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      isFavorite: false,
      isDeleted: false,
      version: versionOf(notebookJson()),
    });
    expect(files[0].version).toBe(`d-${Date.parse(files[0].updatedAt)}`);
    expect((await client.get('/local-fs')).json()).toEqual({ files });
  });

  it('answers 404 for an unknown bucket', async () => {
    const { client } = await setup();
    const answer = await client.get('/workspace?bucket=lake');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'Unknown bucket: lake' });
  });

  it('shows items copied in by hand (owner system), skips other files, follows hand edits and removals', async () => {
    const { client, root } = await setup();
    await mkdir(path.join(root, 'dropped', 'deep'), { recursive: true });
    await writeFile(path.join(root, 'dropped', 'deep', 'n.ipynb'), notebookJson('by hand'));
    await writeFile(path.join(root, 'dropped', 'data.csv'), 'a,b');
    await writeFile(path.join(root, '.hidden.ipynb'), '{}');
    await mkdir(path.join(root, '.ipynb_checkpoints'));
    await writeFile(path.join(root, 'line\nbreak.ipynb'), '{}');
    const first = (await client.get('/workspace')).json().files;
    expect(first.map((file: { path: string; owner: string }) => [file.path, file.owner])).toEqual([
      ['dropped', 'system'],
      ['dropped/deep', 'system'],
      ['dropped/deep/n.ipynb', 'system'],
    ]);
    expect(first[2].version).toBe(versionOf(notebookJson('by hand')));

    await writeFile(path.join(root, 'dropped', 'deep', 'n.ipynb'), notebookJson('edited by hand, longer'));
    const second = (await client.get('/workspace')).json().files;
    expect(second[2].id).toBe(first[2].id);
    expect(second[2].version).toBe(versionOf(notebookJson('edited by hand, longer')));

    await rm(path.join(root, 'dropped'), { recursive: true });
    expect((await client.get('/workspace')).json().files).toEqual([]);
  });
});

describe('GET /get-file-local and /get-file-s3', () => {
  it('answer the content byte for byte, the file and its ETag', async () => {
    const { client } = await setup();
    const content = notebookJson('ünïcødé ✓');
    const saved = (await client.save('n.ipynb', content)).json().file;
    for (const url of ['/get-file-local?path=n.ipynb', '/get-file-s3?bucket=workspace&key=n.ipynb', '/get-file-s3?key=n.ipynb']) {
      const answer = await client.get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json()).toEqual({ content, file: saved });
      expect(answer.headers.etag).toBe(`"${versionOf(content)}"`);
    }
  });

  it('answer 404 for missing, deleted and folder paths and unknown buckets; 400 without a path', async () => {
    const { client } = await setup();
    await client.folder('f');
    await client.save('gone.ipynb');
    await client.del('/delete', { path: 'gone.ipynb' });
    for (const url of ['/get-file-local?path=missing.ipynb', '/get-file-local?path=gone.ipynb', '/get-file-local?path=f', '/get-file-s3?bucket=lake&key=x.ipynb']) {
      const answer = await client.get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(Object.keys(answer.json())).toEqual(['message']);
    }
    expect((await client.get('/get-file-local')).statusCode).toBe(400);
    expect((await client.get('/get-file-s3?bucket=workspace')).statusCode).toBe(400);
  });
});

describe('POST /files', () => {
  it('creates and overwrites notebooks on disk under <data>/workspace', async () => {
    const { client, root } = await setup();
    await client.folder('reports');
    const created = await client.save('reports/q1.ipynb', notebookJson('v1'));
    expect(created.statusCode).toBe(200);
    expect(created.json().file).toMatchObject({ path: 'reports/q1.ipynb', name: 'q1.ipynb', type: 'notebook', owner: 'admin', version: versionOf(notebookJson('v1')) });
    expect(created.headers.etag).toBe(`"${versionOf(notebookJson('v1'))}"`);
    expect(await readFile(path.join(root, 'reports', 'q1.ipynb'), 'utf8')).toBe(notebookJson('v1'));

    const overwritten = await client.save('reports/q1.ipynb', notebookJson('v2'));
    expect(overwritten.json().file.id).toBe(created.json().file.id);
    expect(overwritten.json().file.version).toBe(versionOf(notebookJson('v2')));
    expect(await readFile(path.join(root, 'reports', 'q1.ipynb'), 'utf8')).toBe(notebookJson('v2'));
  });

  it('honours If-Match (bare or quoted) and answers 409 with the current file when stale', async () => {
    const { client } = await setup();
    const v1 = (await client.save('n.ipynb', notebookJson('v1'))).json().file;
    const v2 = await client.save('n.ipynb', notebookJson('v2'), { 'if-match': v1.version });
    expect(v2.statusCode).toBe(200);
    const stale = await client.save('n.ipynb', notebookJson('v3'), { 'if-match': `"${v1.version}"` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'The file changed on the server', current: v2.json().file });
    const fresh = await client.save('n.ipynb', notebookJson('v3'), { 'if-match': v2.headers.etag as string });
    expect(fresh.statusCode).toBe(200);
    const gone = await client.save('other.ipynb', notebookJson(), { 'if-match': v1.version });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ message: 'The file no longer exists on the server', current: null });
  });

  it('honours If-None-Match: * (create only)', async () => {
    const { client } = await setup();
    const created = await client.save('n.ipynb', notebookJson('v1'), { 'if-none-match': '*' });
    expect(created.statusCode).toBe(200);
    const again = await client.save('n.ipynb', notebookJson('v2'), { 'if-none-match': '*' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'n.ipynb already exists', current: created.json().file });
    expect((await client.save('n.ipynb', notebookJson('v2'), { 'if-none-match': '"abc"' })).statusCode).toBe(400);
  });

  it('validates content, name and parent folder', async () => {
    const { client } = await setup();
    await client.folder('f');
    const cases: [object, number, string | RegExp][] = [
      [{ path: 'n.ipynb', content: '{not json' }, 400, 'content is not valid JSON'],
      [{ path: 'n.ipynb', content: '[1, 2]' }, 400, 'content must be a notebook (a JSON object)'],
      [{ path: 'notes.txt', content: notebookJson() }, 400, 'Notebook names must end in .ipynb'],
      [{ path: 'missing/n.ipynb', content: notebookJson() }, 404, 'Folder not found: missing'],
      [{ path: 'n.ipynb' }, 400, /content/],
      [{ path: 'n.ipynb', content: { cells: [] } }, 400, /content/],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await client.post('/files', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json().message).toMatch(message);
    }
    const onFolder = await client.save('f.ipynb');
    expect(onFolder.statusCode).toBe(200);
    await client.folder('g.ipynb');
    const folderThere = await client.save('g.ipynb');
    expect(folderThere.statusCode).toBe(409);
    expect(folderThere.json().current.type).toBe('folder');
  });

  it('accepts notebooks over 1 MiB and writes atomically (no temp files left)', async () => {
    const { client, root } = await setup();
    const big = notebookJson('x'.repeat(3 * 1024 * 1024));
    expect((await client.save('big.ipynb', big)).statusCode).toBe(200);
    expect((await stat(path.join(root, 'big.ipynb'))).size).toBe(Buffer.byteLength(big));
    expect((await client.get('/workspace')).json().files).toHaveLength(1);
  });
});

describe('POST /folders and /favorite', () => {
  it('creates folders (parent must exist, path must be free)', async () => {
    const { client, root } = await setup();
    const created = await client.folder('a');
    expect(created.statusCode).toBe(200);
    expect(created.json().file).toMatchObject({ path: 'a', type: 'folder', owner: 'admin' });
    expect(created.headers.etag).toBe(`"${created.json().file.version}"`);
    expect((await stat(path.join(root, 'a'))).isDirectory()).toBe(true);
    expect((await client.folder('a/b')).statusCode).toBe(200);
    const exists = await client.folder('a');
    expect(exists.statusCode).toBe(409);
    expect(exists.json()).toEqual({ message: 'a already exists', current: created.json().file });
    expect((await client.folder('x/y')).json()).toEqual({ message: 'Folder not found: x' });
    await writeFile(path.join(root, 'data.csv'), '1');
    expect((await client.folder('data.csv')).statusCode).toBe(409);
  });

  it('creates over a row whose item was removed by hand, leaving one live row', async () => {
    const { client, root, services } = await setup();
    const first = (await client.folder('gone')).json().file;
    await client.save('gone.ipynb');
    await rm(path.join(root, 'gone'), { recursive: true });
    await rm(path.join(root, 'gone.ipynb'));
    const again = await client.folder('gone');
    expect(again.statusCode).toBe(200);
    expect(again.json().file.id).not.toBe(first.id);
    expect((await client.save('gone.ipynb', notebookJson(), { 'if-none-match': '*' })).statusCode).toBe(200);
    const rows = await services.store.all<{ path: string }>('SELECT path FROM workspace_items WHERE NOT is_deleted ORDER BY path');
    expect(rows).toEqual([{ path: 'gone' }, { path: 'gone.ipynb' }]);
  });

  it('marks favourites without changing the version', async () => {
    const { client } = await setup();
    const saved = (await client.save('n.ipynb')).json().file;
    const favorite = await client.post('/favorite', { path: 'n.ipynb', isFavorite: true });
    expect(favorite.json().file).toEqual({ ...saved, isFavorite: true });
    expect((await client.get('/workspace')).json().files[0].isFavorite).toBe(true);
    expect((await client.post('/favorite', { path: 'n.ipynb', isFavorite: false })).json().file.isFavorite).toBe(false);
    expect((await client.post('/favorite', { path: 'missing.ipynb', isFavorite: true })).statusCode).toBe(404);
    expect((await client.post('/favorite', { path: 'n.ipynb', isFavorite: 'yes' })).statusCode).toBe(400);
  });
});

describe('access', () => {
  const ENDPOINTS = [
    ['GET', '/workspace'],
    ['GET', '/local-fs'],
    ['GET', '/get-file-local?path=n.ipynb'],
    ['GET', '/get-file-s3?bucket=workspace&key=n.ipynb'],
    ['GET', '/audit'],
    ['POST', '/files'],
    ['POST', '/folders'],
    ['POST', '/rename'],
    ['DELETE', '/delete'],
    ['POST', '/restore'],
    ['POST', '/favorite'],
  ] as const;

  it('answers 401 without a session on every endpoint', async () => {
    const { app } = await setup();
    for (const [method, url] of ENDPOINTS) {
      const answer = await app.inject({ method, url: `${NOTEBOOK_API}${url}`, payload: method === 'GET' ? undefined : {} });
      expect(answer.statusCode, url).toBe(401);
    }
  });

  it('lets editors do everything admins do', async () => {
    const { app } = await setup();
    const editor = await notebookClient(app, 'editor', EDITOR_PASSWORD);
    expect((await editor.folder('e')).statusCode).toBe(200);
    const saved = await editor.save('e/n.ipynb');
    expect(saved.json().file.owner).toBe('editor');
    expect((await editor.get('/get-file-local?path=e/n.ipynb')).statusCode).toBe(200);
    expect((await editor.post('/favorite', { path: 'e/n.ipynb', isFavorite: true })).statusCode).toBe(200);
    expect((await editor.post('/rename', { oldPath: 'e/n.ipynb', newPath: 'e/m.ipynb' })).statusCode).toBe(200);
    expect((await editor.del('/delete', { path: 'e/m.ipynb' })).statusCode).toBe(200);
    expect((await editor.post('/restore', { path: 'e/m.ipynb' })).statusCode).toBe(200);
    expect((await editor.get('/audit')).json().count).toBe(6);
  });
});
