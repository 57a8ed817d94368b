import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A venv built from one lock file: its folder and its interpreter. */
export interface Venv {
  dir: string;
  python: string;
  bin: string;
}

/** The marker written last: a venv folder without it is a build that did not finish. */
const COMPLETE = 'console-upstreams.complete';

/** The venv's folder: named by the upstream and the lock file's hash, so a changed lock builds a new one. */
export function venvFor(cache: string, name: string, lockFile: string): Venv {
  const hash = createHash('sha256').update(readFileSync(lockFile)).digest('hex').slice(0, 16);
  const dir = path.join(cache, 'venvs', `${name}-${hash}`);
  return { dir, python: path.join(dir, 'bin', 'python'), bin: path.join(dir, 'bin') };
}

export function venvReady(venv: Venv): boolean {
  return existsSync(path.join(venv.dir, COMPLETE));
}

/**
 * Builds the venv unless a finished one is cached. Built in place (console scripts carry its absolute
 * path); installed with --no-deps from the lock, so the lock is the whole truth and pip resolves nothing.
 */
export async function ensureVenv(venv: Venv, lockFile: string, basePython: string, say: (line: string) => void): Promise<{ built: boolean; ms: number }> {
  const started = Date.now();
  if (venvReady(venv)) return { built: false, ms: Date.now() - started };
  rmSync(venv.dir, { recursive: true, force: true });
  mkdirSync(path.dirname(venv.dir), { recursive: true });
  say(`Building ${venv.dir} from ${path.basename(lockFile)} (once per lock file)…`);
  await run(basePython, ['-m', 'venv', venv.dir]);
  await run(venv.python, ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--quiet', '--no-deps', '-r', lockFile]);
  writeFileSync(path.join(venv.dir, COMPLETE), `${new Date().toISOString()}\n`);
  return { built: true, ms: Date.now() - started };
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

/**
 * Why this venv cannot be had here, or null: a cached one always can; otherwise the base Python
 * needs venv with pip (ensurepip) and the package index must answer.
 */
export async function whyNoVenv(venv: Venv, basePython: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (venvReady(venv)) return null;
  const probe = spawnSync(basePython, ['-c', 'import venv, ensurepip'], { stdio: 'ignore', timeout: 30_000 });
  if (probe.status !== 0) return `${basePython} cannot make venvs with pip (apt install python3-venv)`;
  const index = (env.PIP_INDEX_URL?.trim() || 'https://pypi.org/simple').replace(/\/+$/, '');
  try {
    const response = await fetch(`${index}/pip/`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return `the package index ${index} answered ${response.status}`;
  } catch (error) {
    return `the package index ${index} is unreachable (${(error as Error).message})`;
  }
  return null;
}
