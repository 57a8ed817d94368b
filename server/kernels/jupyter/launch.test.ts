import { symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSandbox } from '../sandbox';
import { createJupyterClient } from './client';
import { prepareFolders, userFolders, wrapServer } from './launch';
import { outermost } from './runtimePaths';
import { tempFolder } from './testing/jupyter';

describe('a managed server’s launch', () => {
  const folder = tempFolder('jupyter-launch-');
  afterAll(() => folder.remove());

  it('keeps its token out of the command line, in the environment only', () => {
    const wrapped = wrapServer({ sandbox: openSandbox({ mode: 'off' }), python: '/usr/bin/python3', runtime: [], folders: userFolders('/data/jupyter', 'ana'), token: 'the-token', memoryMb: 512 });
    expect([wrapped.command, ...wrapped.args].join(' ')).not.toContain('the-token');
    expect(wrapped.env.JUPYTER_TOKEN).toBe('the-token');
    expect(wrapped.args).toContain('--ServerApp.sock=/data/jupyter/ana/home/jupyter.sock');
  });

  it('refuses a socket path Unix cannot hold, saying what to do', async () => {
    const folders = userFolders(path.join(folder.dir, 'x'.repeat(90)), 'ana');
    await expect(prepareFolders(folders)).rejects.toThrow(/longer than the 107 bytes Unix allows: set a shorter CONSOLE_DATA_DIR/);
  });

  it('binds each runtime folder once, without those inside another', () => {
    expect(outermost(['/usr/lib/python3', '/usr', '/opt/venv/lib/', '/opt/venv', '/usr'])).toEqual(['/opt/venv', '/usr']);
  });

  it('connects to nothing but a socket: a symlink put in its place is refused', async () => {
    const target = path.join(folder.dir, 'elsewhere.sock');
    const server = net.createServer((socket) => socket.end('HTTP/1.0 200 OK\r\n\r\n{}'));
    await new Promise<void>((resolve) => server.listen(target, resolve));
    try {
      const link = path.join(folder.dir, 'jupyter.sock');
      symlinkSync(target, link);
      await expect(createJupyterClient('http://localhost', 'token', link).status()).rejects.toThrow(`GET /api/status failed: ${link} is not a socket`);
      writeFileSync(path.join(folder.dir, 'plain'), '');
      await expect(createJupyterClient('http://localhost', 'token', path.join(folder.dir, 'plain')).channels('k', 's')).rejects.toThrow('is not a socket');
      expect(await createJupyterClient('http://localhost', 'token', target).status()).toEqual({});
    } finally {
      server.close();
    }
  });
});
