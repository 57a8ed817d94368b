import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock, useFixture } from '../testing/harness';
import { notebookClient, notebookJson, type NotebookClient } from '../testing/notebooks';

const fixture = useFixture();

async function setup() {
  const built = await fixture.build();
  const client = await notebookClient(built.app);
  const { dataDir } = built.services.config;
  return { client, trash: path.join(dataDir, 'workspace-trash') };
}

const exists = (file: string) => access(file).then(() => true, () => false);

async function trashed(client: NotebookClient): Promise<{ id: string; path: string; isDeleted: boolean }[]> {
  return (await client.get('/trash')).json().files;
}

describe('GET /trash', () => {
  it('lists the items deleted on their own, latest first; not live items nor a deleted folder’s children', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    const client = await notebookClient(app);
    await client.save('live.ipynb', notebookJson());
    await client.save('a.ipynb', notebookJson());
    await client.folder('f');
    await client.save('f/inner.ipynb', notebookJson());
    await client.del('/delete', { path: 'f' });
    clock.advance(1000);
    await client.del('/delete', { path: 'a.ipynb' });
    const files = await trashed(client);
    expect(files.map((file) => file.path)).toEqual(['a.ipynb', 'f']);
    expect(files.every((file) => file.isDeleted)).toBe(true);
  });

  it('says when each item was deleted (not when it last changed)', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    const client = await notebookClient(app);
    await client.save('a.ipynb', notebookJson());
    clock.advance(60_000);
    await client.del('/delete', { path: 'a.ipynb' });
    const [file] = (await client.get('/trash')).json().files as { updatedAt: string; deletedAt?: string }[];
    expect(file.deletedAt).toBe(new Date(clock.now()).toISOString());
    expect(Date.parse(file.updatedAt)).toBeLessThan(clock.now());
  });
});

describe('DELETE /trash (delete permanently)', () => {
  it('removes a trashed notebook’s record and its file in the trash; it cannot be restored', async () => {
    const { client, trash } = await setup();
    await client.save('a.ipynb', notebookJson());
    const deleted = (await client.del('/delete', { path: 'a.ipynb' })).json().file;
    expect(await exists(path.join(trash, deleted.id, 'a.ipynb'))).toBe(true);

    const purged = await client.del('/trash', { path: 'a.ipynb' });
    expect(purged.statusCode).toBe(200);
    expect(purged.json().file).toMatchObject({ id: deleted.id, path: 'a.ipynb', isDeleted: true });
    expect(await readdir(trash)).toEqual([]);
    expect(await trashed(client)).toEqual([]);
    expect((await client.get('/workspace')).json().files).toEqual([]);
    expect((await client.post('/restore', { path: 'a.ipynb' })).statusCode).toBe(404);
  });

  it('a folder goes with its children (records and files)', async () => {
    const { client, trash } = await setup();
    await client.folder('f');
    await client.folder('f/sub');
    await client.save('f/sub/n.ipynb', notebookJson());
    await client.del('/delete', { path: 'f' });
    expect((await client.del('/trash', { path: 'f' })).statusCode).toBe(200);
    expect(await readdir(trash)).toEqual([]);
    expect((await client.get('/workspace')).json().files).toEqual([]);
    // A new folder of the same name starts empty: nothing of the old one comes back.
    await client.folder('f');
    expect((await client.get('/workspace')).json().files.map((file: { path: string }) => file.path)).toEqual(['f']);
  });

  it('purges the trashed item even when a live one has taken its path; the live one stays', async () => {
    const { client, trash } = await setup();
    await client.save('a.ipynb', notebookJson('old'));
    await client.del('/delete', { path: 'a.ipynb' });
    const live = (await client.save('a.ipynb', notebookJson('new'))).json().file;
    expect((await client.del('/trash', { path: 'a.ipynb' })).statusCode).toBe(200);
    expect(await readdir(trash)).toEqual([]);
    expect((await client.get('/workspace')).json().files).toEqual([live]);
    // Nothing left in the trash: now the live item is what is there, and it is refused.
    expect((await client.del('/trash', { path: 'a.ipynb' })).statusCode).toBe(409);
  });

  it('by id, only that one of two deleted items at the same path goes', async () => {
    const { client } = await setup();
    await client.save('a.ipynb', notebookJson('first'));
    const first = (await client.del('/delete', { path: 'a.ipynb' })).json().file;
    await client.save('a.ipynb', notebookJson('second'));
    const second = (await client.del('/delete', { path: 'a.ipynb' })).json().file;

    expect((await client.del('/trash', { path: 'a.ipynb', id: first.id })).statusCode).toBe(200);
    expect((await trashed(client)).map((file) => file.id)).toEqual([second.id]);
    const restored = await client.post('/restore', { path: 'a.ipynb' });
    expect(restored.json().file.id).toBe(second.id);
    expect((await client.get('/get-file-local?path=a.ipynb')).json().content).toBe(notebookJson('second'));
  });

  it('answers 409 for a live item (left alone), 404 for an unknown one, 400 for a hostile path; an editor may purge', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app, 'editor', 'editor-test-password');
    const saved = (await client.save('live.ipynb', notebookJson())).json().file;
    const live = await client.del('/trash', { path: 'live.ipynb' });
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({ message: 'live.ipynb is not in the trash: delete it first', current: saved });
    await client.folder('live folder');
    await client.save('live folder/inner.ipynb', notebookJson());
    expect((await client.del('/trash', { path: 'live folder' })).statusCode).toBe(409);
    expect((await client.get('/workspace')).json().files.map((file: { path: string }) => file.path)).toEqual(['live folder', 'live folder/inner.ipynb', 'live.ipynb']);
    expect(await exists(path.join(app.services.config.dataDir, 'workspace', 'live.ipynb'))).toBe(true);
    expect((await client.del('/trash', { path: 'nothing.ipynb' })).statusCode).toBe(404);
    expect((await client.del('/trash', { path: '../secret.key' })).statusCode).toBe(400);
    await client.del('/delete', { path: 'live.ipynb' });
    expect((await client.del('/trash', { path: 'live.ipynb' })).statusCode).toBe(200);
  });
});
