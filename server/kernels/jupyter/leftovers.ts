import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Each running server's process, recorded in `<runtimeRoot>/<user>/server.json` (outside the
 * folder its sandbox may write, so no kernel can point it elsewhere), so a console that starts
 * after one was killed stops the servers it left instead of starting a second set beside them.
 * The start time (from /proc) tells the recorded process from a later one given the same pid.
 */

interface Record {
  pid: number;
  startTime: string;
}

const FILE = 'server.json';
const POLL_MS = 50;

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null when gone. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

export async function recordServer(userDir: string, pid: number): Promise<void> {
  const startTime = startTimeOf(pid);
  if (startTime === null) return;
  await writeFile(path.join(userDir, FILE), JSON.stringify({ pid, startTime } satisfies Record), { mode: 0o600 });
}

export async function forgetServer(userDir: string): Promise<void> {
  await rm(path.join(userDir, FILE), { force: true });
}

/**
 * Stops every server a previous console recorded and left running: SIGTERM (an unsandboxed
 * Jupyter shuts its kernels down), SIGKILL after graceMs. Returns the users' folders it stopped.
 */
export async function stopLeftovers(runtimeRoot: string, graceMs: number): Promise<{ folder: string; pid: number }[]> {
  const folders = (await readdir(runtimeRoot).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));
  const results = await Promise.all(folders.map(async (folder) => ({ folder, pid: await stopLeftover(path.join(runtimeRoot, folder), graceMs) })));
  return results.filter((result): result is { folder: string; pid: number } => result.pid !== null);
}

async function stopLeftover(userDir: string, graceMs: number): Promise<number | null> {
  const record = await readRecord(userDir);
  if (record === null) return null;
  const alive = () => startTimeOf(record.pid) === record.startTime;
  let stopped: number | null = null;
  if (alive()) {
    signal(record.pid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (alive()) signal(record.pid, 'SIGKILL');
    stopped = record.pid;
  }
  await forgetServer(userDir);
  return stopped;
}

async function readRecord(userDir: string): Promise<Record | null> {
  try {
    const parsed = JSON.parse(await readFile(path.join(userDir, FILE), 'utf8')) as Partial<Record>;
    return Number.isInteger(parsed.pid) && typeof parsed.startTime === 'string' ? { pid: parsed.pid!, startTime: parsed.startTime } : null;
  } catch {
    return null;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // ended meanwhile
  }
}
