import { readdir, readFile } from 'node:fs/promises';
import { sleep } from './time';

/** Linux's /proc, read for the processes the bench started: their tree, memory and CPU time. */

interface ProcessInfo {
  pid: number;
  ppid: number;
  cmdline: string;
}

async function info(pid: number): Promise<ProcessInfo | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces and parentheses; the fields after it do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ');
    return { pid, ppid: Number(fields[1]), cmdline };
  } catch {
    return null; // it ended while we looked
  }
}

async function allProcesses(): Promise<Map<number, ProcessInfo>> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const found = await Promise.all(pids.map(info));
  return new Map(found.filter((p): p is ProcessInfo => p !== null).map((p) => [p.pid, p]));
}

/** Processes whose command line contains `match` and that descend from `root`. */
export async function descendants(root: number, match: string): Promise<number[]> {
  const table = await allProcesses();
  const descends = (pid: number): boolean => {
    for (let p = table.get(pid)?.ppid; p !== undefined && p > 1; p = table.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  return [...table.values()].filter((p) => p.cmdline.includes(match) && descends(p.pid)).map((p) => p.pid);
}

/** The console server started by this process that listens on `port` (its environment says PORT). */
export async function consoleServerPid(port: number): Promise<number> {
  for (const pid of await descendants(process.pid, 'server/main.ts')) {
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(`PORT=${port}`)) return pid;
  }
  throw new Error(`no console server process of ours has PORT=${port}`);
}

/** Resident memory in MB (VmRSS). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) / 1024;
}

/** User + system CPU time in clock ticks, or null once the process is gone. */
async function cpuTicks(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Resolves once none of the processes has used CPU for `quietMs` (e.g. a spare kernel has loaded);
 * rejects after `limitMs`.
 */
export async function untilQuiet(pids: number[], quietMs: number, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  let last = await Promise.all(pids.map(cpuTicks));
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`processes ${pids.join(', ')} still busy after ${limitMs} ms`);
    await sleep(250);
    const now = await Promise.all(pids.map(cpuTicks));
    if (now.some((ticks, i) => ticks !== last[i])) quietSince = Date.now();
    last = now;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
