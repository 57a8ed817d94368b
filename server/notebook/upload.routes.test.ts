import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseNotebook } from '../../src/model/nbformat/parse';
import { serializeNotebook } from '../../src/model/nbformat/serialize';
import { useFixture } from '../testing/harness';
import { NOTEBOOK_API, notebookClient, notebookJson, uploadBody, type UploadFields } from '../testing/notebooks';

const fixture = useFixture();
async function setup(overrides = {}) {
  const built = await fixture.build(overrides);
  const client = await notebookClient(built.app);
  return { ...built, client, upload: client.upload, root: built.services.notebooks.root };
}

/** What Import stores for a notebook file: normalised to nbformat 4.5 and written as Jupyter writes it. */
function asImported(text: string): string {
  const parsed = parseNotebook(text, 'x.ipynb');
  if (!parsed.ok) throw new Error(parsed.reason);
  return serializeNotebook(parsed.notebook);
}

/** A raw body, for framings the helper does not build. */
function uploadWith(app: FastifyInstance, cookie: string, payload: Buffer, contentType = uploadBody({}).contentType) {
  return app.inject({ method: 'POST', url: `${NOTEBOOK_API}/upload`, payload, headers: { cookie, 'content-type': contentType } });
}

describe('POST /upload', () => {
  it('stores the notebook as Import does (written as Jupyter writes it) in the destination folder and answers its item', async () => {
    const { client, upload, root } = await setup();
    await client.folder('in');
    const content = `${notebookJson('print("é ✓")')}\n`;
    const answer = await upload({ path: 'in', file: { filename: 'report.ipynb', data: content } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().file).toMatchObject({ path: 'in/report.ipynb', name: 'report.ipynb', type: 'notebook', owner: 'admin' });
    expect(await readFile(path.join(root, 'in', 'report.ipynb'), 'utf8')).toBe(asImported(content));
    expect((await upload({ path: '', file: { filename: 'top.ipynb', data: content } })).json().file.path).toBe('top.ipynb');
    expect((await upload({ path: '/', file: { filename: 'slash.ipynb', data: content } })).json().file.path).toBe('slash.ipynb');
  });

  it('a name clash stores a numbered copy and the answer names it; nothing is overwritten', async () => {
    const { client, upload, root } = await setup();
    await client.save('n.ipynb', notebookJson('original'));
    const paths: string[] = [];
    for (const source of ['one', 'two']) {
      paths.push((await upload({ path: '', file: { filename: 'n.ipynb', data: notebookJson(source) } })).json().file.path);
    }
    expect(paths).toEqual(['n (1).ipynb', 'n (2).ipynb']);
    expect(await readFile(path.join(root, 'n.ipynb'), 'utf8')).toBe(notebookJson('original'));
    expect(await readFile(path.join(root, 'n (2).ipynb'), 'utf8')).toBe(asImported(notebookJson('two')));
  });

  it('a resent upload (same Idempotency-Key) replays its answer instead of storing a copy', async () => {
    const { upload, root } = await setup();
    const fields = { path: '', file: { filename: 'once.ipynb', data: notebookJson() } };
    const first = await upload(fields, { 'idempotency-key': 'upload-1' });
    const again = await upload(fields, { 'idempotency-key': 'upload-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await readdir(root)).toEqual(['once.ipynb']);
    // The key names that upload: another file under it is refused, not stored.
    const other = await upload({ path: '', file: { filename: 'once.ipynb', data: notebookJson('other') } }, { 'idempotency-key': 'upload-1' });
    expect(other.statusCode).toBe(422);
    expect(await readdir(root)).toEqual(['once.ipynb']);
  });

  it('a large upload with an Idempotency-Key streams through (the key is claimed after the form is read)', async () => {
    const { upload, root } = await setup();
    const big = notebookJson('x'.repeat(2 * 1024 * 1024));
    const answer = await upload({ path: '', file: { filename: 'big.ipynb', data: big } }, { 'idempotency-key': 'upload-big' });
    expect(answer.statusCode).toBe(200);
    expect(await readFile(path.join(root, 'big.ipynb'), 'utf8')).toBe(asImported(big));
  });

  it('over real HTTP with a browser-built FormData: racing resends store once; a file over the limit is a 413', async () => {
    const { app, client, root } = await setup({ uploadMaxMb: 1 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const send = (filename: string, data: string, key: string) => {
      const form = new FormData();
      form.append('path', '');
      form.append('file', new Blob([data]), filename);
      const headers = { cookie: client.cookie, 'idempotency-key': key };
      return fetch(`http://127.0.0.1:${port}${NOTEBOOK_API}/upload`, { method: 'POST', headers, body: form });
    };
    const content = notebookJson('é'.repeat(200_000));
    const answers = await Promise.all([send('ré.ipynb', content, 'k'), send('ré.ipynb', content, 'k'), send('ré.ipynb', content, 'k')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await readdir(root)).toEqual(['ré.ipynb']);
    expect(await readFile(path.join(root, 'ré.ipynb'), 'utf8')).toBe(asImported(content));
    const over = await send('big.ipynb', ' '.repeat(4 * 1024 * 1024), 'k2');
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ message: '"big.ipynb" is larger than the upload limit of 1 MB per file' });
    expect(await readdir(root)).toEqual(['ré.ipynb']);
  });

  it('a file over CONSOLE_UPLOAD_MAX_MB is answered 413 with a clear message and not stored', async () => {
    const { upload, root } = await setup({ uploadMaxMb: 1 });
    const justOver = Buffer.alloc(1024 * 1024 + 1, ' ');
    const over = await upload({ path: '', file: { filename: 'big.ipynb', data: justOver } });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('"big.ipynb" is larger than the upload limit of 1 MB per file');
    // Far over: the reader stops at the limit; the message still names the file and the limit.
    const farOver = await upload({ path: '', file: { filename: 'huge.ipynb', data: Buffer.alloc(3 * 1024 * 1024, ' ') } });
    expect(farOver.statusCode).toBe(413);
    expect(farOver.json().message).toBe('"huge.ipynb" is larger than the upload limit of 1 MB per file');
    expect(await readdir(root)).toEqual([]);
    const atLimit = Buffer.concat([Buffer.from(notebookJson()), Buffer.alloc(1024 * 1024 - Buffer.byteLength(notebookJson()), ' ')]);
    expect((await upload({ path: '', file: { filename: 'fits.ipynb', data: atLimit } })).statusCode).toBe(200);
  });

  it('refuses hostile names by the shared rule and stores nothing', async () => {
    const { upload, root } = await setup();
    const cases: [string, RegExp][] = [
      ['../../evil.ipynb', /Names cannot contain \/ or \\/],
      ['..\\evil.ipynb', /Names cannot contain \/ or \\/],
      ['%2e%2e%2fevil.ipynb', /Names/],
      ['bell\u0007.ipynb', /control characters/],
      ['nul\u0000byte.ipynb', /control characters/],
      ['line%0Abreak.ipynb', /control characters/],
      ['.hidden.ipynb', /reserved/],
      ['gpj\u202Eevil.ipynb', /bidirectional/],
      ['NUL.ipynb', /reserved name on Windows/],
      ['notes.txt', /Only \.ipynb notebooks can be uploaded/],
      ['', /The file has no name/],
    ];
    for (const [filename, message] of cases) {
      const answer = await upload({ path: '', file: { filename, data: notebookJson() } });
      expect(answer.statusCode, filename).toBe(400);
      expect(answer.json().message, filename).toMatch(message);
    }
    expect((await upload({ path: '../..', file: { filename: 'x.ipynb', data: notebookJson() } })).statusCode).toBe(400);
    expect(await readdir(root)).toEqual([]);
    expect(await readdir(path.dirname(root))).not.toContain('evil.ipynb');
  });

  it('answers 400 for bad content or form and 404 for a missing folder', async () => {
    const { app, client, upload } = await setup();
    const bad = async (fields: UploadFields) => (await upload(fields)).json().message;
    expect(await bad({ path: '', file: { filename: 'a.ipynb', data: 'not json' } })).toMatch(/^"a.ipynb" is not a notebook this console can open: The file is not JSON \(/);
    expect(await bad({ path: '', file: { filename: 'a.ipynb', data: Buffer.from([0x7b, 0xff, 0x7d]) } })).toBe(
      '"a.ipynb" is not a notebook this console can open: The file is not UTF-8 text.',
    );
    expect(await bad({ path: 'x' })).toBe('Send exactly one file in the field "file"');
    expect(await bad({ file: { filename: 'a.ipynb', data: notebookJson() } })).toBe('Send the destination folder in the field "path" ("" for the root)');
    expect((await upload({ path: 'missing', file: { filename: 'a.ipynb', data: notebookJson() } })).statusCode).toBe(404);
    const truncated = await uploadWith(app, client.cookie, uploadBody({ path: '', file: { filename: 'a.ipynb', data: notebookJson() } }).payload.subarray(0, 150));
    expect(truncated.statusCode).toBe(400);
    const one = uploadBody({ path: '', file: { filename: 'a.ipynb', data: notebookJson() } }).payload.toString('utf8');
    const twoFiles = one.replace(/--\r\n$/, `\r\n${one.slice(one.indexOf('Content-Disposition: form-data; name="file"'))}`);
    const both = await uploadWith(app, client.cookie, Buffer.from(twoFiles));
    expect(both.json()).toEqual({ message: 'Send exactly one file in the field "file"' });
    expect((await uploadWith(app, client.cookie, Buffer.from(one), 'multipart/form-data')).statusCode).toBe(400);
    expect((await client.get('/workspace')).json().files).toEqual([]);
    const json = await app.inject({ method: 'POST', url: `${NOTEBOOK_API}/upload`, payload: { path: '' }, headers: { cookie: client.cookie } });
    expect(json.statusCode).toBe(400);
  });

  it('checks a notebook as Import does: refuses what cannot open with the reason, makes repeated cell ids unique', async () => {
    const { client, upload, root } = await setup();
    const cell = (id: string) => ({ cell_type: 'code', id, metadata: {}, source: 'x', outputs: [], execution_count: null });
    const nested = '['.repeat(5000) + ']'.repeat(5000);
    const cases: [string, string][] = [
      [JSON.stringify({ nbformat: 5, nbformat_minor: 0, metadata: {}, cells: [] }), 'nbformat 5 is not supported: this console reads nbformat 3 and 4.'],
      [JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {} }), 'The notebook has no "cells" list.'],
      [JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: {} }), '"cells" is not a list.'],
      [`{"nbformat":4,"nbformat_minor":5,"metadata":{"x":${nested}},"cells":[]}`, 'The file is nested deeper than 256 levels.'],
    ];
    for (const [data, reason] of cases) {
      const answer = await upload({ path: '', file: { filename: 'bad.ipynb', data } });
      expect(answer.statusCode, reason).toBe(400);
      expect(answer.json()).toEqual({ message: `"bad.ipynb" is not a notebook this console can open: ${reason}` });
    }
    expect(await readdir(root)).toEqual([]);
    expect((await client.get('/workspace')).json().files).toEqual([]);

    const twins = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [cell('a'), cell('a'), cell('b')] });
    expect((await upload({ path: '', file: { filename: 'twins.ipynb', data: twins } })).statusCode).toBe(200);
    const stored = JSON.parse(await readFile(path.join(root, 'twins.ipynb'), 'utf8')) as { cells: { id: string }[] };
    const ids = stored.cells.map((c) => c.id);
    expect(ids[0]).toBe('a');
    expect(ids[2]).toBe('b');
    expect(new Set(ids).size).toBe(3);
  });
});
