import { readdirSync, readlinkSync } from 'node:fs';

/** The pids whose working directory is `dir` (a JupyterHub user's server runs in their home). */
export function processesIn(dir: string): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === dir;
    } catch {
      return false;
    }
  }).map(Number);
}
