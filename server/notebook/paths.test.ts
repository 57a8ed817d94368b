import { mkdir, readdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson } from '../testing/notebooks';
import { WorkspaceError } from './errors';
import { confine, OUTSIDE, parseWorkspacePath } from './paths';

const fixture = useFixture();

const HOSTILE: [string, string][] = [
  ['empty', ''],
  ['parent', '../x'],
  ['parent after a name', 'a/../../x'],
  ['parent at the end', 'a/..'],
  ['only parent', '..'],
  ['absolute', '/etc/passwd'],
  ['backslash root', '\\x'],
  ['drive letter, backslash', 'C:\\x'],
  ['drive letter, slash', 'C:/x'],
  ['backslash traversal', 'a\\..\\b'],
  ['encoded parent', '%2e%2e/x'],
  ['encoded parent, mixed case', 'a/%2E%2e/b'],
  ['encoded slash', 'a%2f..%2fb'],
  ['NUL', 'a\u0000b'],
  ['newline', 'a\nb.ipynb'],
  ['DEL', 'a\u007fb'],
  ['C1 control', 'a\u0085b'],
  ['reserved dot name', '.trash/x'],
  ['hidden file', 'a/.secret.ipynb'],
  ['encoded dot name', '%2etrash/x'],
  ['empty segment', 'a//b'],
  ['dot segment', 'a/./b'],
  ['leading dot segment', './a'],
  ['trailing slash', 'a/'],
  ['name over 255 bytes', `${'n'.repeat(300)}.ipynb`],
  ['multibyte name over 255 bytes', `${'é'.repeat(128)}.ipynb`],
  ['path over 1024 chars', `${'abcdefghi/'.repeat(103)}x.ipynb`],
];

const GOOD = ['q1.ipynb', 'reports', 'reports/q1.ipynb', 'a/b/c/d.ipynb', 'with space.ipynb', 'ünïcødé/ノート.ipynb', 'x..y.ipynb', 'a.b/c', '100%.ipynb', 'n'.repeat(255)];

function rejection(raw: string): WorkspaceError | null {
  try {
    parseWorkspacePath(raw);
    return null;
  } catch (error) {
    return error as WorkspaceError;
  }
}

describe('parseWorkspacePath', () => {
  it.each(HOSTILE)('rejects %s with a 400 and a message', (_label, raw) => {
    const error = rejection(raw);
    expect(error).toBeInstanceOf(WorkspaceError);
    expect(error?.statusCode).toBe(400);
    expect(error?.message).toMatch(/\w/);
  });

  it('says "outside the workspace" for traversal and absolute paths', () => {
    for (const raw of ['../x', '/etc/passwd', 'C:/x', '%2e%2e/x']) expect(rejection(raw)?.message).toBe(OUTSIDE);
  });

  it.each(GOOD)('accepts %s unchanged', (raw) => {
    expect(parseWorkspacePath(raw)).toBe(raw);
  });
});

describe('confine', () => {
  async function layout() {
    const base = await realpath(await fixture.tempDir());
    const root = path.join(base, 'workspace');
    const outside = path.join(base, 'outside');
    await mkdir(path.join(root, 'inner'), { recursive: true });
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.ipynb'), '{}');
    await symlink(outside, path.join(root, 'escape'));
    await symlink(path.join(outside, 'secret.ipynb'), path.join(root, 'secret.ipynb'));
    await symlink(path.join(outside, 'missing'), path.join(root, 'dangling'));
    await symlink(path.join(root, 'inner'), path.join(root, 'alias'));
    return { root, outside };
  }

  it('refuses symlinks whose real path leaves the root, dangling ones too', async () => {
    const { root } = await layout();
    for (const relative of ['escape', 'escape/secret.ipynb', 'escape/new.ipynb', 'escape/deeper/new.ipynb', 'secret.ipynb', 'dangling', 'dangling/x.ipynb']) {
      await expect(confine(root, relative), relative).rejects.toMatchObject({ statusCode: 400, message: OUTSIDE });
    }
  });

  it('allows plain paths and symlinks that stay inside', async () => {
    const { root } = await layout();
    expect(await confine(root, 'new/deep/x.ipynb')).toBe(path.join(root, 'new', 'deep', 'x.ipynb'));
    expect(await confine(root, 'alias/x.ipynb')).toBe(path.join(root, 'alias', 'x.ipynb'));
    expect(await confine(root, 'inner')).toBe(path.join(root, 'inner'));
  });
});

describe('path confinement through the API', () => {
  it('answers 400 for hostile paths on every endpoint, query strings decoded', async () => {
    const { app, services } = await fixture.build();
    const client = await notebookClient(app);
    for (const [label, raw] of HOSTILE) {
      const answers = [
        await client.get(`/get-file-local?path=${encodeURIComponent(raw)}`),
        await client.save(raw.endsWith('.ipynb') ? raw : `${raw}.ipynb`),
        await client.folder(raw),
        await client.post('/rename', { oldPath: 'ok.ipynb', newPath: raw }),
        await client.del('/delete', { path: raw }),
        await client.post('/restore', { path: raw }),
        await client.del('/trash', { path: raw }),
        await client.post('/favorite', { path: raw, isFavorite: true }),
        await client.get(`/details?path=${encodeURIComponent(raw)}`),
        // "" is the root for these (and for the upload's folder): not hostile.
        ...(raw === '' ? [] : [await client.get(`/export?path=${encodeURIComponent(raw)}`), await client.get(`/breadcrumbs?path=${encodeURIComponent(raw)}`)]),
        ...(raw === '' ? [] : [await client.upload({ path: raw, file: { filename: 'x.ipynb', data: notebookJson() } })]),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, label).toBe(400);
        expect(Object.keys(answer.json()), label).toEqual(['message']);
      }
    }
    const encoded = await app.inject({ method: 'GET', url: '/api/notebook/get-file-local?path=%2e%2e/%2e%2e/etc/passwd', headers: { cookie: client.cookie } });
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json()).toEqual({ message: OUTSIDE });
    expect(await readdir(services.notebooks.root)).toEqual([]);
  });

  it('a symlink pointing outside is refused for reads and writes; one pointing inside works', async () => {
    const { app, services } = await fixture.build();
    const client = await notebookClient(app);
    const outside = await fixture.tempDir();
    await writeFile(path.join(outside, 'secret.ipynb'), notebookJson('secret'));
    await symlink(outside, path.join(services.notebooks.root, 'escape'));
    await mkdir(path.join(services.notebooks.root, 'inner'));
    await symlink(path.join(services.notebooks.root, 'inner'), path.join(services.notebooks.root, 'alias'));

    const read = await client.get('/get-file-local?path=escape/secret.ipynb');
    expect(read.statusCode).toBe(400);
    expect(read.body).not.toContain('secret');
    expect((await client.save('escape/new.ipynb')).statusCode).toBe(400);
    expect((await client.folder('escape/sub')).statusCode).toBe(400);
    expect((await client.post('/rename', { oldPath: 'escape/secret.ipynb', newPath: 'stolen.ipynb' })).statusCode).toBe(400);
    expect(await readdir(outside)).toEqual(['secret.ipynb']);

    expect((await client.save('alias/through.ipynb')).statusCode).toBe(200);
    expect(await readdir(path.join(services.notebooks.root, 'inner'))).toEqual(['through.ipynb']);
    const back = await client.get('/get-file-local?path=alias/through.ipynb');
    expect(back.statusCode).toBe(200);
    expect(back.json().content).toBe(notebookJson());
  });
});
