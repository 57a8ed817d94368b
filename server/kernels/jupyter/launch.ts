import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Sandbox, Wrapped } from '../sandbox';

/** The only variables passed on from the console's environment. */
const PASSED_ON = ['PATH', 'LANG', 'LC_ALL', 'TZ'];
/** Unix socket paths end at 107 bytes (sun_path). */
const SOCKET_PATH_MAX = 107;
/**
 * A user's whole server (Jupyter and all their kernels) may hold this many kernels' worth of memory:
 * each kernel alone is held to one (RLIMIT_DATA: MemoryError), together they are capped by the cgroup.
 */
const SERVER_MEMORY_KERNELS = 2;
/** Threads and processes of a server with ten kernels (each ~15 threads) and room to spare. */
const PIDS_MAX = 512;

/**
 * Starts in the work folder (kernels started without a path inherit it), and sets the memory cap of every process (the server's and, inherited, each kernel's) before Jupyter
 * Server runs: a cell that asks for more gets MemoryError rather than the cgroup's OOM kill.
 * RLIMIT_DATA counts malloc'd and anonymous mmap'd memory (Linux ≥ 4.7), not the address space.
 */
const BOOT = `import os, resource, runpy, sys
limit = int(sys.argv.pop(1)) * 1024 * 1024
os.chdir(sys.argv.pop(1))
resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
runpy.run_module('jupyter_server', run_name='__main__', alter_sys=True)`;

/** A user's folders: `dir` the console's (server.json), `home` the sandbox's own, read-write. */
export interface UserFolders {
  dir: string;
  home: string;
  /** Where kernels start (Jupyter's root_dir): files put here are the kernels' data. */
  work: string;
  socket: string;
}

/** A folder name for a username: never hidden, never a path, distinct per name. */
export function userFolder(owner: string): string {
  if (owner === '') throw new Error('A notebook server belongs to a user: the username is empty.');
  return encodeURIComponent(owner).replace(/^\./, '%2E');
}

export function userFolders(runtimeRoot: string, owner: string): UserFolders {
  const dir = path.join(runtimeRoot, userFolder(owner));
  const home = path.join(dir, 'home');
  return { dir, home, work: path.join(home, 'work'), socket: path.join(home, 'jupyter.sock') };
}

/** The allowlisted environment, with Jupyter's folders and HOME under `home`. */
export function jupyterEnv(home: string, from: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED_ON) if (from[name] !== undefined) env[name] = from[name];
  return {
    ...env,
    HOME: home,
    JUPYTER_RUNTIME_DIR: path.join(home, 'runtime'),
    JUPYTER_CONFIG_DIR: path.join(home, 'config'),
    JUPYTER_DATA_DIR: path.join(home, 'data'),
    // The user's own, emptied at each start (the sandbox's /tmp is not the kernel's to write).
    TMPDIR: path.join(home, 'tmp'),
  };
}

/**
 * Makes the user's folders, the console's own 0700 (the sandbox binds the home in before it drops
 * to its uid). Jupyter's runtime folder starts empty: connection files and the token file of a
 * server that was killed go, and so does the user's tmp.
 */
export async function prepareFolders(folders: UserFolders): Promise<void> {
  if (Buffer.byteLength(folders.socket) > SOCKET_PATH_MAX) {
    throw new Error(`its socket path ${folders.socket} is longer than the ${SOCKET_PATH_MAX} bytes Unix allows: set a shorter CONSOLE_DATA_DIR`);
  }
  await mkdir(folders.dir, { recursive: true, mode: 0o700 });
  for (const fresh of ['runtime', 'tmp']) await rm(path.join(folders.home, fresh), { recursive: true, force: true });
  await rm(folders.socket, { force: true });
  for (const dir of [folders.work, path.join(folders.home, 'tmp')]) await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(folders.home, 0o700);
}

export interface Launch {
  sandbox: Sandbox;
  python: string;
  /** Read-only paths: the Python runtime (none needed when the sandbox is off). */
  runtime: string[];
  folders: UserFolders;
  token: string;
  /** Each kernel's cap (and the server's own). */
  memoryMb: number;
  cpuShare?: number;
}

/** The server's command in its sandbox: the token in its environment, its socket in its home. */
export function wrapServer({ sandbox, python, runtime, folders, token, memoryMb, cpuShare }: Launch): Wrapped {
  const args = ['-c', BOOT, String(memoryMb), folders.work, '--no-browser', '--ServerApp.ip=127.0.0.1', `--ServerApp.sock=${folders.socket}`, '--ServerApp.sock_mode=0600', `--ServerApp.root_dir=${folders.work}`];
  // Jupyter refuses to run as root unless told to: only unsandboxed, in a container run as root.
  if (sandbox.kind === 'off' && process.getuid?.() === 0) args.push('--allow-root');
  return sandbox.wrap(python, args, {
    id: `jupyter-${randomBytes(6).toString('hex')}`,
    readOnly: runtime,
    readWrite: [folders.home],
    // BOOT moves to the work folder once it runs as the sandbox's uid (bwrap cannot enter it before).
    cwd: '/',
    memoryMb: memoryMb * SERVER_MEMORY_KERNELS,
    cpuShare,
    pidsMax: PIDS_MAX,
    env: { ...jupyterEnv(folders.home), JUPYTER_TOKEN: token },
  });
}
