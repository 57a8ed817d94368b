import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson, type NotebookClient } from '../testing/notebooks';

const fixture = useFixture();

async function setup() {
  const built = await fixture.build();
  const client = await notebookClient(built.app);
  const { dataDir } = built.services.config;
  return { ...built, client, root: path.join(dataDir, 'workspace'), trash: path.join(dataDir, 'workspace-trash') };
}

async function listing(client: NotebookClient): Promise<{ id: string; path: string; isDeleted: boolean }[]> {
  return (await client.get('/workspace')).json().files;
}

const exists = (file: string) => access(file).then(() => true, () => false);

describe('POST /rename', () => {
  it('moves a notebook on disk and keeps its id', async () => {
    const { client, root } = await setup();
    await client.folder('f');
    const saved = (await client.save('a.ipynb', notebookJson('keep me'))).json().file;
    const renamed = await client.post('/rename', { oldPath: 'a.ipynb', newPath: 'f/b.ipynb' }, { 'if-match': saved.version });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().file).toMatchObject({ id: saved.id, path: 'f/b.ipynb', name: 'b.ipynb', version: saved.version });
    expect(renamed.headers.etag).toBe(`"${saved.version}"`);
    expect(await readFile(path.join(root, 'f', 'b.ipynb'), 'utf8')).toBe(notebookJson('keep me'));
    expect(await exists(path.join(root, 'a.ipynb'))).toBe(false);
  });

  it('renaming a folder moves its children and their metadata', async () => {
    const { client, root } = await setup();
    await client.folder('old');
    await client.folder('old/sub');
    await client.save('old/sub/n.ipynb', notebookJson('deep'));
    await client.post('/favorite', { path: 'old/sub/n.ipynb', isFavorite: true });
    const before = await listing(client);
    expect((await client.post('/rename', { oldPath: 'old', newPath: 'new' })).statusCode).toBe(200);
    const after = await listing(client);
    expect(after.map((file) => file.path)).toEqual(['new', 'new/sub', 'new/sub/n.ipynb']);
    expect(after.map((file) => file.id)).toEqual(before.map((file) => file.id));
    expect(after[2]).toMatchObject({ isFavorite: true });
    expect(await readFile(path.join(root, 'new', 'sub', 'n.ipynb'), 'utf8')).toBe(notebookJson('deep'));
  });

  it('moves a folder into another folder: its children follow, on disk and in the listing', async () => {
    const { client, root } = await setup();
    await client.folder('dest');
    await client.folder('src');
    await client.folder('src/sub');
    await client.save('src/sub/n.ipynb', notebookJson('deep'));
    const before = await listing(client);
    const moved = await client.post('/rename', { oldPath: 'src', newPath: 'dest/src' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().file).toMatchObject({ path: 'dest/src', name: 'src', type: 'folder' });
    const after = await listing(client);
    expect(after.map((file) => file.path)).toEqual(['dest', 'dest/src', 'dest/src/sub', 'dest/src/sub/n.ipynb']);
    const idOf = (files: { id: string; path: string }[], at: string) => files.find((file) => file.path === at)?.id;
    expect(idOf(after, 'dest/src/sub/n.ipynb')).toBe(idOf(before, 'src/sub/n.ipynb'));
    expect(await readFile(path.join(root, 'dest', 'src', 'sub', 'n.ipynb'), 'utf8')).toBe(notebookJson('deep'));
    expect(await exists(path.join(root, 'src'))).toBe(false);
    // Into its own descendant: refused, nothing moves.
    const loop = await client.post('/rename', { oldPath: 'dest', newPath: 'dest/src/sub/dest' });
    expect(loop.json()).toEqual({ message: 'A folder cannot be moved into itself' });
    expect(await listing(client)).toEqual(after);
  });

  it('a move onto a name taken in the target folder is a 409 and moves nothing', async () => {
    const { client, root } = await setup();
    await client.folder('dest');
    const taken = (await client.save('dest/n.ipynb', notebookJson('there'))).json().file;
    await client.save('n.ipynb', notebookJson('here'));
    const clash = await client.post('/rename', { oldPath: 'n.ipynb', newPath: 'dest/n.ipynb' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'dest/n.ipynb already exists', current: taken });
    expect(await readFile(path.join(root, 'dest', 'n.ipynb'), 'utf8')).toBe(notebookJson('there'));
    expect(await readFile(path.join(root, 'n.ipynb'), 'utf8')).toBe(notebookJson('here'));
  });

  it('answers 404, 409 and 400 for the error cases', async () => {
    const { client } = await setup();
    await client.folder('f');
    const a = (await client.save('a.ipynb')).json().file;
    const b = (await client.save('b.ipynb')).json().file;
    const cases: [object, Record<string, string>, number, object][] = [
      [{ oldPath: 'missing.ipynb', newPath: 'x.ipynb' }, {}, 404, { message: 'Not found: missing.ipynb' }],
      [{ oldPath: 'a.ipynb', newPath: 'b.ipynb' }, {}, 409, { message: 'b.ipynb already exists', current: b }],
      [{ oldPath: 'a.ipynb', newPath: 'a.ipynb' }, {}, 409, { message: 'a.ipynb already exists', current: a }],
      [{ oldPath: 'a.ipynb', newPath: 'x.ipynb' }, { 'if-match': 'stale' }, 409, { message: 'The file changed on the server', current: a }],
      [{ oldPath: 'a.ipynb', newPath: 'a.txt' }, {}, 400, { message: 'Notebook names must end in .ipynb' }],
      [{ oldPath: 'f', newPath: 'f/inside' }, {}, 400, { message: 'A folder cannot be moved into itself' }],
      [{ oldPath: 'a.ipynb', newPath: 'nope/a.ipynb' }, {}, 404, { message: 'Folder not found: nope' }],
      [{ oldPath: 'a.ipynb' }, {}, 400, { message: expect.stringMatching(/newPath/) }],
    ];
    for (const [payload, headers, status, body] of cases) {
      const answer = await client.post('/rename', payload, headers);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json()).toEqual(body);
    }
    expect((await listing(client)).map((file) => file.path)).toEqual(['f', 'a.ipynb', 'b.ipynb']);
  });
});

describe('DELETE /delete and POST /restore', () => {
  it('round trip: soft delete to the trash, then restore with the content intact', async () => {
    const { client, root, trash } = await setup();
    const saved = (await client.save('n.ipynb', notebookJson('precious'))).json().file;
    const deleted = await client.del('/delete', { path: 'n.ipynb' }, { 'if-match': saved.version });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().file).toEqual({ ...saved, isDeleted: true, deletedAt: expect.any(String) });
    expect(await exists(path.join(root, 'n.ipynb'))).toBe(false);
    expect(await readFile(path.join(trash, saved.id, 'n.ipynb'), 'utf8')).toBe(notebookJson('precious'));
    expect(await listing(client)).toEqual([{ ...saved, isDeleted: true, deletedAt: expect.any(String) }]);
    expect((await client.get('/get-file-local?path=n.ipynb')).statusCode).toBe(404);

    const restored = await client.post('/restore', { path: 'n.ipynb' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().file).toEqual(saved);
    expect(await readFile(path.join(root, 'n.ipynb'), 'utf8')).toBe(notebookJson('precious'));
    expect(await readdir(trash)).toEqual([]);
    expect((await client.get('/get-file-local?path=n.ipynb')).json().content).toBe(notebookJson('precious'));
  });

  it('a folder takes its children to the trash and back', async () => {
    const { client, root } = await setup();
    await client.folder('f');
    await client.folder('f/g');
    await client.save('f/g/n.ipynb', notebookJson('child'));
    expect((await client.del('/delete', { path: 'f' })).statusCode).toBe(200);
    expect((await listing(client)).map((file) => [file.path, file.isDeleted])).toEqual([
      ['f', true],
      ['f/g', true],
      ['f/g/n.ipynb', true],
    ]);
    expect((await client.post('/restore', { path: 'f/g/n.ipynb' })).json()).toEqual({ message: 'Folder not found: f/g' });
    expect((await client.post('/restore', { path: 'f' })).statusCode).toBe(200);
    expect((await listing(client)).map((file) => [file.path, file.isDeleted])).toEqual([
      ['f', false],
      ['f/g', false],
      ['f/g/n.ipynb', false],
    ]);
    expect(await readFile(path.join(root, 'f', 'g', 'n.ipynb'), 'utf8')).toBe(notebookJson('child'));
  });

  it('restore answers 409 when the path is taken or the item is live, 404 when nothing was deleted', async () => {
    const { client } = await setup();
    const first = (await client.save('n.ipynb', notebookJson('first'))).json().file;
    await client.del('/delete', { path: 'n.ipynb' });
    const second = (await client.save('n.ipynb', notebookJson('second'))).json().file;
    const taken = await client.post('/restore', { path: 'n.ipynb' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'n.ipynb is taken by another item', current: second });

    await client.save('live.ipynb');
    const live = await client.post('/restore', { path: 'live.ipynb' });
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe('live.ipynb is not deleted');
    expect((await client.post('/restore', { path: 'never.ipynb' })).statusCode).toBe(404);

    // Two deleted items at one path: the id picks which comes back.
    await client.del('/delete', { path: 'n.ipynb' });
    const chosen = await client.post('/restore', { path: 'n.ipynb', id: first.id });
    expect(chosen.json().file.id).toBe(first.id);
    expect((await client.get('/get-file-local?path=n.ipynb')).json().content).toBe(notebookJson('first'));
  });

  it('delete answers 404 when missing and 409 with the current file when stale', async () => {
    const { client } = await setup();
    expect((await client.del('/delete', { path: 'missing.ipynb' })).json()).toEqual({ message: 'Not found: missing.ipynb' });
    const saved = (await client.save('n.ipynb')).json().file;
    const stale = await client.del('/delete', { path: 'n.ipynb' }, { 'if-match': '0000000000000000' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'The file changed on the server', current: saved });
    expect((await client.del('/delete', {})).statusCode).toBe(400);
  });
});
