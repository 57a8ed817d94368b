import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { BAD_NAMES } from '../testing/names';
import { notebookClient, notebookJson, type NotebookClient } from '../testing/notebooks';
import { items } from './items';

const fixture = useFixture();

const COMPOSED = 'caf\u00E9.ipynb';
const DECOMPOSED = 'cafe\u0301.ipynb';

async function setup() {
  const { app, services } = await fixture.build();
  const client = await notebookClient(app);
  const root = services.notebooks.root;
  expect((await client.save('ok.ipynb', notebookJson('ok'))).statusCode).toBe(200);
  expect((await client.folder('sub')).statusCode).toBe(200);
  return { app, client, root };
}

/** Everything the server holds: the files on disk (hidden ones included), the listing and the audit log. */
async function snapshot(client: NotebookClient, root: string) {
  const disk = [...(await readdir(root, { recursive: true }))].sort();
  return { disk, listing: (await client.get('/workspace')).json(), audit: (await client.get('/audit')).json().count };
}

const listed = async (client: NotebookClient) => (await client.get('/workspace')).json().files.map((file: { path: string }) => file.path);

/** The name as a notebook's, keeping a trailing dot or space at the end ("report." → "report.ipynb."). */
function asNotebook(name: string): string {
  if (name.endsWith('.ipynb')) return name;
  const tail = /[. ]*$/.exec(name)?.[0] ?? '';
  return `${name.slice(0, name.length - tail.length)}.ipynb${tail}`;
}

describe('bad names through the API', () => {
  it('every write that takes a name answers 400 naming the problem, and writes nothing', async () => {
    const { client, root } = await setup();
    const before = await snapshot(client, root);
    for (const [index, [label, name, message]] of BAD_NAMES.entries()) {
      const answers = {
        create: await client.save(asNotebook(name), notebookJson(), { 'if-none-match': '*' }),
        'create in a folder': await client.save(`sub/${asNotebook(name)}`, notebookJson()),
        'import (a save with a key)': await client.save(asNotebook(name), notebookJson('imported'), { 'idempotency-key': `import-${index}` }),
        folder: await client.folder(name),
        'folder in a folder': await client.folder(`sub/${name}`),
        rename: await client.post('/rename', { oldPath: 'ok.ipynb', newPath: asNotebook(name) }),
        'rename a folder': await client.post('/rename', { oldPath: 'sub', newPath: name }),
        move: await client.post('/rename', { oldPath: 'ok.ipynb', newPath: `sub/${asNotebook(name)}` }),
      };
      for (const [what, answer] of Object.entries(answers)) {
        expect(answer.statusCode, `${label}: ${what}`).toBe(400);
        expect(Object.keys(answer.json()), `${label}: ${what}`).toEqual(['message']);
        expect(answer.json().message, `${label}: ${what}`).toMatch(message);
      }
    }
    expect(await snapshot(client, root)).toEqual(before);
  });

  it('refuses lone surrogates that arrive percent-encoded in the URL or escaped in JSON', async () => {
    const { app, client, root } = await setup();
    const before = await snapshot(client, root);
    for (const url of ['/get-file-local?path=%ED%A0%80.ipynb', '/get-file-local?path=sub%2F%ED%B0%80.ipynb', '/get-file-s3?key=a%ED%A0%80b.ipynb']) {
      const answer = await client.get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message, url).toMatch(/unpaired surrogate/);
    }
    const escaped = await app.inject({
      method: 'POST',
      url: '/api/notebook/files',
      headers: { cookie: client.cookie, 'content-type': 'application/json' },
      payload: `{"path":"a\\ud800.ipynb","content":${JSON.stringify(notebookJson())}}`,
    });
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().message).toMatch(/unpaired surrogate.*U\+D800/);
    expect(await snapshot(client, root)).toEqual(before);
  });
});

describe('items on disk with names the API refuses', () => {
  it('are not listed (they could not be opened) and stay on disk, rows made before the rule too', async () => {
    const { app, services } = await fixture.build();
    const client = await notebookClient(app);
    const root = services.notebooks.root;
    const byHand = ['CON.ipynb', 'a\u202Eb.ipynb', 'zero\u200Bwidth', DECOMPOSED, 'kept.ipynb'];
    for (const name of byHand) {
      if (name.endsWith('.ipynb')) await writeFile(path.join(root, name), notebookJson(name));
      else await mkdir(path.join(root, name));
    }
    const now = Date.now();
    const legacy = { id: '01LEGACY0000000000000000000', path: 'nul.ipynb', type: 'notebook' as const, owner: 'admin', createdAt: now, updatedAt: now };
    await items.insert(services.store, { ...legacy, isFavorite: true, isDeleted: false, deletedAt: null, trashPath: null, contentVersion: null, contentMtime: null, contentSize: null });
    await writeFile(path.join(root, 'nul.ipynb'), notebookJson('legacy'));

    expect(await listed(client)).toEqual(['kept.ipynb']);
    expect([...(await readdir(root))].sort()).toEqual([...byHand, 'nul.ipynb'].sort());
    expect((await items.all(services.store)).map((row) => row.path).sort()).toEqual(['kept.ipynb', 'nul.ipynb']);
  });
});

describe('names are normalised to NFC', () => {
  it('stores the NFC form, finds it typed either way, and a duplicate after normalisation is a conflict', async () => {
    const { client, root } = await setup();
    const created = await client.save(DECOMPOSED, notebookJson('typed decomposed'), { 'if-none-match': '*' });
    expect(created.statusCode).toBe(200);
    expect(created.json().file).toMatchObject({ path: COMPOSED, name: COMPOSED });
    expect(await readdir(root)).toContain(COMPOSED);
    expect(await readdir(root)).not.toContain(DECOMPOSED);
    expect(await readFile(path.join(root, COMPOSED), 'utf8')).toBe(notebookJson('typed decomposed'));

    const duplicate = await client.save(COMPOSED, notebookJson('typed composed'), { 'if-none-match': '*' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().current).toMatchObject({ path: COMPOSED });

    const read = await client.get(`/get-file-local?path=${encodeURIComponent(DECOMPOSED)}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().content).toBe(notebookJson('typed decomposed'));

    expect((await client.folder('re\u0301sume\u0301s')).statusCode).toBe(200);
    expect((await client.folder('r\u00E9sum\u00E9s')).statusCode).toBe(409);
    const renamed = await client.post('/rename', { oldPath: 'ok.ipynb', newPath: DECOMPOSED });
    expect(renamed.statusCode).toBe(409);
    const moved = await client.post('/rename', { oldPath: COMPOSED, newPath: `re\u0301sume\u0301s/${DECOMPOSED}` });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().file.path).toBe(`r\u00E9sum\u00E9s/${COMPOSED}`);

    const paths = (await client.get('/workspace')).json().files.map((file: { path: string }) => file.path);
    expect(paths).toEqual(['r\u00E9sum\u00E9s', 'sub', 'ok.ipynb', `r\u00E9sum\u00E9s/${COMPOSED}`]);
  });
});
