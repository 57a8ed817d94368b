import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KernelProvider, ProviderKernel } from '../provider';
import { escape } from './escape';
import { createPyodideProvider } from './provider';
import { errorOf, quietLog, run, START, testSandbox } from './testing';

/**
 * Issue 28's probes against an embedded kernel, each as an editor's cell would try it: from the
 * Worker that escapes Node's permission model (probe 1), so only the OS sandbox stands in the way.
 */
const available = testSandbox();
if (available.missing) console.info(`Skipping the kernel isolation tests: ${available.missing}`);

const MEMORY_MB = 512;
let provider: KernelProvider;
let kernel: ProviderKernel;
let dataDir: string;
let victim: ChildProcess;
let listener: Server;
let connections = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'console-isolation-'));
  for (const name of ['secret.key', 'console.sqlite']) writeFileSync(join(dataDir, name), `TOP SECRET ${name}`);
  mkdirSync(join(dataDir, 'kernels', 'another-users-kernel'), { recursive: true });
  // A process of the console's user started with a secret in its environment, as the console is.
  victim = spawn('sleep', ['600'], { stdio: 'ignore', env: { ...process.env, CONSOLE_ADMIN_PASSWORD: 'fake-admin-password' } });
  listener = createServer((socket) => {
    connections += 1;
    socket.end('HTTP/1.1 200 OK\r\n\r\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  provider = createPyodideProvider({
    scratchRoot: join(dataDir, 'kernels'),
    spares: 0,
    sql: async () => ({ columns: ['x'], rows: [{ x: 1 }] }),
    log: quietLog,
    confinement: { sandbox: available.sandbox!, memoryMb: MEMORY_MB, cpuShare: 1 },
  });
  kernel = await provider.startKernel(START);
}, 60_000);

afterAll(async () => {
  victim?.kill('SIGKILL');
  listener?.close();
  await provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const fs = (call: string) => `return require('node:fs').${call};`;

describe.skipIf(available.missing !== null)('an embedded kernel in the OS sandbox', () => {
  it('a Worker escaping the permission model still cannot read <data>/secret.key', async () => {
    const answer = await escape(kernel, fs(`readFileSync(${JSON.stringify(join(dataDir, 'secret.key'))}, 'utf8')`));
    expect(answer).not.toContain('TOP SECRET');
    expect(answer).toMatch(/^(refused|blocked): /);
  }, 30_000);

  it("cannot read the console's environment through /proc", async () => {
    for (const pid of ['process.ppid', String(victim.pid)]) {
      const answer = await escape(kernel, fs(`readFileSync('/proc/' + ${pid} + '/environ', 'latin1')`));
      expect(answer).not.toContain('fake-admin-password');
    }
  }, 30_000);

  it('sees nothing of <data> outside its scratch folder and writes nothing there', async () => {
    const listing = await escape(kernel, fs(`readdirSync(${JSON.stringify(dataDir)}).join(',')`));
    expect(listing).not.toContain('secret.key');
    const others = await escape(kernel, fs(`readdirSync(${JSON.stringify(join(dataDir, 'kernels'))}).join(',')`));
    expect(others).not.toContain('another-users-kernel');
    const write = await escape(kernel, fs(`writeFileSync(${JSON.stringify(join(dataDir, 'pwned'))}, 'x')`));
    expect(write).toMatch(/^(refused|blocked): /);
    expect(existsSync(join(dataDir, 'pwned'))).toBe(false);
    expect(readdirSync(dataDir).sort()).toEqual(['console.sqlite', 'kernels', 'secret.key']);
  }, 30_000);

  it('cannot run a program', async () => {
    const answer = await escape(kernel, `return require('node:child_process').execFileSync('/usr/bin/id').toString();`);
    expect(answer).not.toContain('uid=');
    expect(answer).toMatch(/^(refused|blocked): /);
  }, 30_000);

  it('cannot signal a process outside, the console included', async () => {
    const victimKill = await escape(kernel, `process.kill(${victim.pid}, 'SIGKILL'); return 'sent';`);
    expect(victimKill).not.toBe('ok: sent');
    const parentKill = await escape(kernel, `process.kill(process.ppid, 'SIGKILL'); return 'sent to ' + process.ppid;`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(victim.exitCode).toBeNull();
    expect(victim.signalCode).toBeNull();
    expect(parentKill).not.toBe(`ok: sent to ${process.pid}`);
    expect(errorOf(await run(kernel, 'print(1)'))).toBeUndefined();
  }, 30_000);

  it('cannot connect to a port on 127.0.0.1', async () => {
    const port = (listener.address() as AddressInfo).port;
    const answer = await escape(
      kernel,
      `return await new Promise((resolve, reject) => { const s = require('node:net').connect(${port}, '127.0.0.1'); s.on('connect', () => resolve('connected')); s.on('error', reject); });`,
    );
    expect(answer).not.toBe('ok: connected');
    expect(connections).toBe(0);
  }, 30_000);

  it('a 4 GB allocation ends with a clear memory error, and another kernel still answers', async () => {
    const other = await provider.startKernel(START);
    const ran = await run(kernel, 'chunks = []\nfor _ in range(40):\n    chunks.append(bytearray(100 * 1024 * 1024))\nlen(chunks)');
    const error = errorOf(ran);
    console.info(`4 GB allocation: ${error?.ename}: ${error?.evalue}`);
    expect(ran.done.status).not.toBe('ok');
    expect(`${error?.ename}: ${error?.evalue}`).toMatch(new RegExp(`memory limit of ${MEMORY_MB} MB`));
    expect(error?.traceback.at(-1)).toContain(`memory limit of ${MEMORY_MB} MB`);
    const answer = await run(other, 'print(1)');
    expect(answer.text).toBe('1\n');
    await other.shutdown();
    // A MemoryError (RLIMIT_DATA) leaves the kernel alive; the cgroup's OOM kill would have ended it, saying so.
    if (error?.ename === 'MemoryError') expect((await run(kernel, 'chunks = None\nprint(2)')).text).toBe('2\n');
  }, 60_000);
});
