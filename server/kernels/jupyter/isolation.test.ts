import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KernelProvider, ProviderKernel } from '../provider';
import { openSandbox } from '../sandbox';
import { freePort } from '../../util/freePort';
import { createJupyterProvider } from './provider';
import { jupyterAvailable, managedOptions, tempFolder } from './testing/jupyter';

/**
 * Issue 28's probes, run as an attacker's cell would, in a real CPython kernel of one user ("bo",
 * an editor) on managed Jupyter Servers, against another user ("ana", the admin) and the console
 * (this process). Each fails on a server run as the console's OS user with no sandbox.
 */

vi.setConfig({ testTimeout: 90_000 });

const MEMORY_MB = 1024;
/** One sandbox for the file, as the console has one. */
const sandbox = openSandbox({ mode: 'on' });

async function textOf(kernel: ProviderKernel, code: string): Promise<{ status: string; text: string }> {
  const parts: string[] = [];
  const done = await kernel.execute(code, (event) => {
    if (event.type !== 'output') return;
    const output = event.output;
    if (output.output_type === 'stream') parts.push(String(output.text));
    if (output.output_type === 'error') parts.push(`${output.ename}: ${output.evalue}\n`);
  });
  return { status: done.status, text: parts.join('') };
}

/** Runs code that prints a JSON value last, and returns it parsed. */
async function valueOf<T>(kernel: ProviderKernel, code: string): Promise<T> {
  const { text } = await textOf(kernel, code);
  return JSON.parse(text.trim().split('\n').at(-1)!) as T;
}

/** The error's class name, or "ok" when the attempt succeeded. */
const attempt = (body: string) => `import json\ntry:\n${body.replace(/^/gm, '    ')}\n    print(json.dumps('ok'))\nexcept Exception as error:\n    print(json.dumps(type(error).__name__))`;

describe.skipIf(!jupyterAvailable())('managed Jupyter: one user’s kernel against another user and the console', () => {
  const folder = tempFolder('jupyter-isolation-');
  const dataDir = path.join(folder.dir, 'data');
  const options = { ...managedOptions(folder.dir, MEMORY_MB, sandbox), runtimeRoot: path.join(dataDir, 'jupyter') };
  let provider: KernelProvider;
  let ana: ProviderKernel;
  let bo: ProviderKernel;
  let anaToken: string;
  let anaUrl: string;

  beforeAll(async () => {
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(path.join(dataDir, 'secret.key'), 'the-jwt-signing-key', { mode: 0o600 });
    writeFileSync(path.join(dataDir, 'console.sqlite'), 'the-console-store');
    provider = createJupyterProvider({ mode: 'managed', ...options });
    [ana, bo] = await Promise.all([provider.startKernel({ owner: 'ana', spec: 'python3', path: null }), provider.startKernel({ owner: 'bo', spec: 'python3', path: null })]);
    const serverFile = readdirSync(path.join(options.runtimeRoot, 'ana'), { recursive: true, encoding: 'utf8' }).find((name) => /jpserver-[^/]*\.json$/.test(name))!;
    const server = JSON.parse(readFileSync(path.join(options.runtimeRoot, 'ana', serverFile), 'utf8')) as { token: string; url: string; sock?: string };
    anaToken = server.token;
    anaUrl = server.sock ? `unix:${server.sock}` : server.url.replace(/\/$/, '');
  });

  afterAll(async () => {
    await provider?.close();
    folder.remove();
  });

  it('finds ana’s token in no process and no file bo’s kernel can read (nor on any command line of the host)', async () => {
    expect(anaToken).toMatch(/^[0-9a-f]{48}$/);
    const found = await valueOf<string[]>(
      bo,
      `import glob, json, os
hits = []
for name in glob.glob('/proc/[0-9]*/cmdline') + glob.glob('/proc/[0-9]*/environ') + glob.glob(${JSON.stringify(options.runtimeRoot)} + '/**', recursive=True):
    try:
        if ${JSON.stringify(anaToken)} in open(name, 'rb').read().decode('utf8', 'replace'):
            hits.append(name)
    except Exception:
        pass
print(json.dumps(hits))`,
    );
    expect(found).toEqual([]);
    const commandLines = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    });
    expect(commandLines.filter((line) => line.includes(anaToken))).toEqual([]);
  });

  it('cannot reach ana’s server to list or use her kernels, even holding her token', async () => {
    const answer = await valueOf<string>(
      bo,
      attempt(`import socket, urllib.request
url, token = ${JSON.stringify(anaUrl)}, ${JSON.stringify(anaToken)}
if url.startswith('unix:'):
    client = socket.socket(socket.AF_UNIX)
    client.settimeout(5)
    client.connect(url[5:])
    client.sendall(('GET /api/kernels HTTP/1.0\\r\\nAuthorization: token ' + token + '\\r\\n\\r\\n').encode())
    body = client.recv(65536).decode()
else:
    body = urllib.request.urlopen(urllib.request.Request(url + '/api/kernels', headers={'Authorization': 'token ' + token}), timeout=5).read().decode()
print(body)`),
    );
    expect(answer).not.toBe('ok');
    expect((await textOf(ana, 'print(6 * 7)')).text).toBe('42\n');
  });

  it('cannot read <data>/secret.key, console.sqlite, ana’s folder or the console’s environment', async () => {
    const secret = await valueOf<string>(bo, attempt(`open(${JSON.stringify(path.join(dataDir, 'secret.key'))}).read()`));
    const store = await valueOf<string>(bo, attempt(`open(${JSON.stringify(path.join(dataDir, 'console.sqlite'))}).read()`));
    const folderOfAna = await valueOf<string>(bo, attempt(`import os\nos.listdir(${JSON.stringify(path.join(options.runtimeRoot, 'ana'))})`));
    const environ = await valueOf<string>(bo, attempt(`open('/proc/${process.pid}/environ', 'rb').read()`));
    const parentEnviron = await valueOf<string>(bo, attempt(`import os\ndata = open(f'/proc/{os.getppid()}/environ', 'rb').read()\nassert b'PATH=' in data and b'JUPYTER_TOKEN' not in data`));
    expect({ secret, store, folderOfAna, environ, parentEnviron }).toEqual({
      secret: expect.stringMatching(/FileNotFoundError|PermissionError/),
      store: expect.stringMatching(/FileNotFoundError|PermissionError/),
      folderOfAna: expect.stringMatching(/FileNotFoundError|PermissionError/),
      environ: expect.stringMatching(/FileNotFoundError|PermissionError/),
      parentEnviron: expect.not.stringMatching(/^ok$/),
    });
  });

  it('cannot signal the console or a process outside its sandbox', async () => {
    const bystander: ChildProcess = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const consoleProbe = await valueOf<string>(bo, attempt(`import os\nos.kill(${process.pid}, 0)`));
      const kill = await valueOf<string>(bo, attempt(`import os, signal\nos.kill(${bystander.pid}, signal.SIGKILL)`));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect({ consoleProbe, kill }).toEqual({ consoleProbe: 'ProcessLookupError', kill: 'ProcessLookupError' });
      expect(bystander.exitCode === null && bystander.signalCode === null).toBe(true);
    } finally {
      bystander.kill('SIGKILL');
    }
  });

  it('cannot open a TCP connection to a port on the host’s 127.0.0.1', async () => {
    const connections: net.Socket[] = [];
    const server = net.createServer((socket) => connections.push(socket.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const answer = await valueOf<string>(bo, attempt(`import socket\nsocket.create_connection(('127.0.0.1', ${port}), timeout=3).close()`));
      expect(answer).toMatch(/ConnectionRefusedError|TimeoutError|OSError/);
      expect(connections).toHaveLength(0);
    } finally {
      server.close();
    }
  });

  it('listens on 0.0.0.0 only inside its sandbox: nothing on the host reaches it', async () => {
    const port = await freePort();
    const listening = await valueOf<string>(bo, attempt(`import socket
listener = socket.socket()
listener.bind(('0.0.0.0', ${port}))
listener.listen()`));
    expect(listening).toBe('ok');
    const reached = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve('connected'));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(reached).toBe('ECONNREFUSED');
    await textOf(bo, 'listener.close()');
  });

  it('ends a 4 GB allocation with MemoryError; the kernel, ana’s kernel and the console carry on', async () => {
    const started = Date.now();
    const big = await textOf(bo, 'block = bytearray(4 * 1024 ** 3)');
    expect(big.status).toBe('error');
    expect(big.text).toContain('MemoryError');
    const grown = await textOf(bo, 'blocks = []\nwhile True:\n    blocks.append(bytearray(64 * 1024 ** 2))');
    expect(grown.text).toContain('MemoryError');
    expect((await textOf(bo, 'del blocks\nprint("still here")')).text).toBe('still here\n');
    expect((await textOf(ana, 'print(1)')).text).toBe('1\n');
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});

describe.skipIf(!jupyterAvailable())('managed Jupyter: a user’s kernels together past their server’s memory cap', () => {
  const folder = tempFolder('jupyter-oom-');
  // Each kernel may hold 512 MB, the user's server with all its kernels 1024 MB.
  const options = managedOptions(folder.dir, 512, sandbox);
  let provider: KernelProvider;

  afterAll(async () => {
    await provider?.close();
    folder.remove();
  });

  // Only cgroups cap a group of processes; without them each kernel has its own cap alone.
  it.skipIf(!sandbox.limits.startsWith('cgroup'))('ends the kernel the kernel OOM killer picks saying so; the others and another user’s kernel carry on', async () => {
    provider = createJupyterProvider({ mode: 'managed', ...options });
    const kernels = await Promise.all([1, 2, 3].map(() => provider.startKernel({ owner: 'bo', spec: 'python3', path: null })));
    const other = await provider.startKernel({ owner: 'ana', spec: 'python3', path: null });
    const runs = await Promise.all(kernels.map((kernel) => textOf(kernel, 'import time\nblock = bytearray(300 * 1024 ** 2)\ntime.sleep(3)\nprint("kept")')));
    const died = runs.filter((run) => run.status === 'aborted');
    expect(died.length, JSON.stringify(runs)).toBeGreaterThan(0);
    expect(died[0]!.text).toContain('The kernel died (the notebook server has exceeded its memory limit of 1024 MB) and was restarted');
    expect((await textOf(other, 'print(1)')).text).toBe('1\n');
  });
});
