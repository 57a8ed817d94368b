import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { runtimeFiles } from '../sandbox';

const run = promisify(execFile);

/** Asks the interpreter where it, its packages and Jupyter's shared files (kernelspecs, config) are. */
const WHERE = `
import json, sys
from jupyter_core import paths
print(json.dumps([sys.executable, sys.prefix, sys.base_prefix, sys.exec_prefix, *sys.path, *paths.SYSTEM_JUPYTER_PATH, *paths.ENV_JUPYTER_PATH, *paths.SYSTEM_CONFIG_PATH, *paths.ENV_CONFIG_PATH]))
`;

/**
 * The system's own files every Python needs: /usr (libraries its extension modules load), the
 * loader's cache and Debian's alternatives (numpy finds its BLAS through both), matplotlib's settings. The loader and the interpreter's own libraries come as files
 * (runtimeFiles), not the /lib, /lib64 folders they sit in: the sandbox binds its own files there.
 */
const SYSTEM = ['/usr', '/etc/ld.so.cache', '/etc/alternatives', '/etc/matplotlibrc'];

/**
 * The interpreter's absolute path, and what a sandboxed Jupyter Server may read: the interpreter and its libraries, its prefixes and
 * every sys.path entry (a venv's site-packages too), and Jupyter's system-wide data and config
 * folders, all read-only. A folder inside another listed one is left out (it is already there).
 */
export async function pythonRuntime(python: string): Promise<{ executable: string; readOnly: string[] }> {
  let stdout: string;
  try {
    ({ stdout } = await run(python, ['-c', WHERE], { env: { PATH: process.env.PATH ?? '' }, timeout: 30_000 }));
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim().split('\n').slice(-3).join('\n');
    throw new Error(stderr || (error as Error).message);
  }
  const reported = (JSON.parse(stdout) as unknown[]).filter((entry): entry is string => typeof entry === 'string' && path.isAbsolute(entry));
  const executable = reported[0] ?? python;
  return { executable, readOnly: outermost([...SYSTEM, ...runtimeFiles(executable), ...reported].filter(existsSync)) };
}

/** The paths without those inside another of them, each once. */
export function outermost(paths: string[]): string[] {
  const unique = [...new Set(paths.map((entry) => path.resolve(entry)))].sort();
  return unique.filter((entry) => !unique.some((other) => other !== entry && (other === '/' || entry.startsWith(`${other}/`))));
}
