import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../server/util/freePort';

export const ADMIN_PASSWORD = 'e2e-admin-Secret-9431';
export const EDITOR_PASSWORD = 'e2e-editor-Secret-2286';

const repoRoot = resolve(import.meta.dirname, '../..');
const tsxCli = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
/** Shared with the vitest harness: servers copy the demo warehouse from here instead of seeding it. */
const warehouseSeedCache = join(repoRoot, 'node_modules/.cache/console-warehouse');


async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Console server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Console server did not answer /healthz within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The console server as `npm start` runs it (`tsx server/main.ts` on the built client), in its own
 * process on a free port and a temp data directory — so tests can stop and restart it like a real outage.
 */
export class ConsoleServer {
  private child: ChildProcess | null = null;
  private log = '';

  private constructor(
    readonly dataDir: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<ConsoleServer> {
    const dataDir = await mkdtemp(join(tmpdir(), 'console-e2e-'));
    const server = new ConsoleServer(dataDir, await freePort(), env);
    await server.resume();
    return server;
  }

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  get output(): string {
    return this.log;
  }

  /** Starts the process again on the same port and data directory. */
  async resume(): Promise<void> {
    if (this.child) return;
    const child = spawn(process.execPath, [tsxCli, join(repoRoot, 'server/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        CONSOLE_DATA_DIR: this.dataDir,
        CONSOLE_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CONSOLE_EDITOR_PASSWORD: EDITOR_PASSWORD,
        CONSOLE_WAREHOUSE_SEED_CACHE: warehouseSeedCache,
        // A warm Pyodide spare costs each start seconds of CPU; the specs that run kernels ask for one.
        CONSOLE_KERNEL_SPARES: '0',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (this.log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.child = child;
    await waitForHealth(this.url, child, () => this.log);
  }

  /** Stops the process (a real outage: the port stops answering). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null) return;
    await new Promise<void>((done) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(kill);
        done();
      });
      child.kill('SIGTERM');
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
