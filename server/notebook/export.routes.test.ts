import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson, type NotebookClient } from '../testing/notebooks';
import { attachment } from './export';

const fixture = useFixture();

async function setup() {
  const { app } = await fixture.build();
  return notebookClient(app);
}

/** The zip GET /export answers, read back: name → bytes. */
async function exported(client: NotebookClient, path: string): Promise<Record<string, Uint8Array>> {
  const answer = await client.get(`/export?path=${encodeURIComponent(path)}`);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/zip');
  return unzipSync(new Uint8Array(answer.rawPayload));
}

/** The bytes GET /get-file-local answers for a notebook's content. */
async function served(client: NotebookClient, path: string): Promise<Buffer> {
  return Buffer.from((await client.get(`/get-file-local?path=${encodeURIComponent(path)}`)).json().content, 'utf8');
}

describe('GET /export', () => {
  it('a folder streams as a zip of its live items, named relative to it, byte for byte', async () => {
    const client = await setup();
    await client.folder('Rapports été');
    await client.folder('Rapports été/日本語');
    await client.folder('Rapports été/vide');
    await client.save('Rapports été/données.ipynb', notebookJson('print("é ✓ 🚀")'));
    await client.save('Rapports été/日本語/ノート.ipynb', notebookJson('x = "ü"\n'.repeat(2000)));
    await client.save('Rapports été/gone.ipynb', notebookJson());
    await client.del('/delete', { path: 'Rapports été/gone.ipynb' });
    await client.save('outside.ipynb', notebookJson());

    const answer = await client.get(`/export?path=${encodeURIComponent('Rapports été')}`);
    expect(answer.headers['content-disposition']).toBe(attachment('Rapports été.zip'));
    const zip = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(zip).sort()).toEqual(['données.ipynb', 'vide/', '日本語/', '日本語/ノート.ipynb']);
    expect(Buffer.from(zip['données.ipynb'])).toEqual(await served(client, 'Rapports été/données.ipynb'));
    expect(Buffer.from(zip['日本語/ノート.ipynb'])).toEqual(await served(client, 'Rapports été/日本語/ノート.ipynb'));
    expect(zip['vide/']).toHaveLength(0);
  });

  it('the root exports the whole workspace as workspace.zip', async () => {
    const client = await setup();
    await client.folder('f');
    await client.save('f/a.ipynb', notebookJson('a'));
    await client.save('b.ipynb', notebookJson('b'));
    const answer = await client.get('/export?path=');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="workspace.zip"; filename*=UTF-8''workspace.zip`);
    expect(Object.keys(await exported(client, '')).sort()).toEqual(['b.ipynb', 'f/', 'f/a.ipynb']);
    expect(Object.keys(unzipSync(new Uint8Array((await client.get('/export')).rawPayload))).sort()).toEqual(['b.ipynb', 'f/', 'f/a.ipynb']);
  });

  it('a notebook path answers the .ipynb itself', async () => {
    const client = await setup();
    await client.save('ノート.ipynb', notebookJson('print("ü")'));
    const answer = await client.get(`/export?path=${encodeURIComponent('ノート.ipynb')}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-ipynb+json');
    expect(answer.headers['content-disposition']).toBe(attachment('ノート.ipynb'));
    expect(answer.rawPayload).toEqual(await served(client, 'ノート.ipynb'));
  });

  it('answers 404 for a missing or deleted item and 400 for a hostile path', async () => {
    const client = await setup();
    expect((await client.get('/export?path=missing')).statusCode).toBe(404);
    await client.save('trashed.ipynb', notebookJson());
    await client.del('/delete', { path: 'trashed.ipynb' });
    const deleted = await client.get('/export?path=trashed.ipynb');
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe('Not found: trashed.ipynb');
    expect((await client.get(`/export?path=${encodeURIComponent('../secret.key')}`)).statusCode).toBe(400);
  });

  it('an empty folder is an empty zip', async () => {
    const client = await setup();
    await client.folder('empty');
    expect(await exported(client, 'empty')).toEqual({});
  });
});

describe('attachment', () => {
  it('gives an ASCII filename and the exact name as filename*', () => {
    expect(attachment('a "b" é.zip')).toBe(`attachment; filename="a _b_ _.zip"; filename*=UTF-8''a%20%22b%22%20%C3%A9.zip`);
    expect(attachment("it's (1).ipynb")).toBe(`attachment; filename="it's (1).ipynb"; filename*=UTF-8''it%27s%20%281%29.ipynb`);
  });
});
