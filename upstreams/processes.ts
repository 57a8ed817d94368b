import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/** A process the script started, as its state file records it. */
export interface Started {
  /** What it is (api-server, scheduler…), for messages. */
  role: string;
  /** Its pid, which is also its process group's id (it was started as a group leader). */
  pid: number;
  /** Its start time in clock ticks since boot (/proc/<pid>/stat), so a reused pid is never taken for it. */
  startTicks: number | null;
  logFile: string;
  /** The signal that asks it to stop (SIGTERM when absent). */
  stopSignal?: NodeJS.Signals;
}

export interface Command {
  role: string;
  command: string;
  args: string[];
  /** Set on top of the plan's environment (e.g. a password for this command only). */
  env?: NodeJS.ProcessEnv;
  /** The signal that asks it to stop (SIGTERM when absent). */
  stopSignal?: NodeJS.Signals;
}

/** Starts `command` as the leader of a new process group, detached (it outlives this script), output appended to `logFile`. */
export function startDetached(command: Command, env: NodeJS.ProcessEnv, cwd: string, logFile: string): Started {
  const log = openSync(logFile, 'a');
  try {
    const child = spawn(command.command, command.args, { cwd, env: { ...env, ...command.env }, detached: true, stdio: ['ignore', log, log] });
    if (child.pid === undefined) throw new Error(`${command.command} did not start`);
    child.unref();
    return { role: command.role, pid: child.pid, startTicks: startTicks(child.pid), logFile, stopSignal: command.stopSignal };
  } finally {
    closeSync(log);
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised name, which may hold spaces), or null where there is no /proc. */
export function startTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[19]);
  } catch {
    return null;
  }
}

/**
 * Whether any process of the group we started is alive. The group id is our leader's pid, which
 * Linux does not hand out again while the group has members; if the leader's pid now belongs to
 * a process started later, the group is not ours.
 */
export function groupAlive(started: Started): boolean {
  const ticks = startTicks(started.pid);
  if (ticks !== null && started.startTicks !== null && ticks !== started.startTicks) return false;
  try {
    process.kill(-started.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Each group's stop signal (SIGTERM), SIGKILL to those still there after `graceMs`; resolves when all are gone. */
export async function stopGroups(groups: readonly Started[], graceMs = 20_000): Promise<void> {
  const signal = (sig: NodeJS.Signals | null) => {
    for (const group of groups.filter(groupAlive)) {
      try {
        process.kill(-group.pid, sig ?? group.stopSignal ?? 'SIGTERM');
      } catch {
        // Gone between the check and the signal.
      }
    }
  };
  signal(null);
  const deadline = Date.now() + graceMs;
  while (groups.some(groupAlive) && Date.now() < deadline) await sleep(200);
  if (!groups.some(groupAlive)) return;
  signal('SIGKILL');
  while (groups.some(groupAlive)) await sleep(100);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
