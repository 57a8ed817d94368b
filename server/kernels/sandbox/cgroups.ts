import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One sandbox's cgroups: the files its launcher writes its pid to, and their removal. */
export interface Cgroup {
  procsFiles: string[];
  /** The kernel's OOM killer ended a process in it. */
  oomKilled(): boolean;
  /** Kills what is left in it and removes it. */
  remove(): Promise<void>;
}

export interface CgroupLimits {
  memoryMb: number;
  cpuShare: number;
  pidsMax: number;
}

export interface Cgroups {
  version: 'v1' | 'v2';
  create(name: string, limits: CgroupLimits): Cgroup;
}

const MOUNT = '/sys/fs/cgroup';
const PERIOD_US = 100_000;
/**
 * The default weight of one task: however many threads a kernel runs, together they weigh as one of
 * the console's threads, and the quota (cpuShare) caps them; a lower weight starved kernel starts on a
 * busy machine (a cold start took 50 s beside other work).
 */
const V1_SHARES = 1024;
const V2_WEIGHT = 100;

/** The console's own cgroup per v1 controller, or under "" for v2 (from /proc/self/cgroup). */
function ownCgroups(): Map<string, { dir: string; path: string }> {
  const own = new Map<string, { dir: string; path: string }>();
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n')) {
    const [, controllers, path] = line.split(/:(.*?):/);
    if (controllers === undefined || path === undefined) continue;
    const dir = existsSync(join(MOUNT, controllers)) ? controllers : (controllers.split(',')[0] ?? '');
    for (const name of controllers === '' ? [''] : controllers.split(',')) own.set(name, { dir, path });
  }
  return own;
}

const GROUP_PREFIX = 'console-kernel-';

/** A sandbox's cgroup name: the console's pid in it tells a killed console's leftovers from the live groups of others. */
export function groupName(id: string): string {
  return `${GROUP_PREFIX}${process.pid}-${id}`;
}

/** A console process that is gone (its groups are leftovers). */
function gone(name: string): boolean {
  const pid = Number(name.slice(GROUP_PREFIX.length).split('-')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * A folder where a child cgroup can be made (tried, then removed), or null. Empty groups a killed
 * console left there are removed (never another live console's: a new group is empty until its
 * process joins it).
 */
function writable(base: string): string | null {
  const probe = join(base, `console-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    for (const name of readdirSync(base).filter((entry) => entry.startsWith(GROUP_PREFIX) && gone(entry))) {
      try {
        rmdirSync(join(base, name));
      } catch {
        // in use
      }
    }
    return base;
  } catch {
    return null;
  }
}

function v1(): Cgroups | null {
  const own = ownCgroups();
  const base = (controller: string) => {
    const entry = own.get(controller);
    return entry ? writable(join(MOUNT, entry.dir, entry.path)) : null;
  };
  const memory = base('memory');
  if (!memory) return null;
  const optional = [base('pids'), base('cpu')];
  return {
    version: 'v1',
    create(name, limits) {
      const [memDir, pidsDir, cpuDir] = [memory, ...optional].map((dir) => (dir ? join(dir, name) : null));
      const dirs = [memDir, pidsDir, cpuDir].filter((dir): dir is string => dir !== null);
      for (const dir of dirs) mkdirSync(dir);
      const bytes = String(limits.memoryMb * 1024 * 1024);
      writeFileSync(join(memDir!, 'memory.limit_in_bytes'), bytes);
      // Without it the cap would spill into swap.
      if (existsSync(join(memDir!, 'memory.memsw.limit_in_bytes'))) writeFileSync(join(memDir!, 'memory.memsw.limit_in_bytes'), bytes);
      if (pidsDir) writeFileSync(join(pidsDir, 'pids.max'), String(limits.pidsMax));
      if (cpuDir) {
        writeFileSync(join(cpuDir, 'cpu.shares'), String(V1_SHARES));
        writeFileSync(join(cpuDir, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(join(cpuDir, 'cpu.cfs_quota_us'), String(Math.round(limits.cpuShare * PERIOD_US)));
      }
      return group(dirs, () => counter(join(memDir!, 'memory.oom_control'), 'oom_kill'));
    },
  };
}

function v2(): Cgroups | null {
  const own = ownCgroups().get('');
  if (!own || !existsSync(join(MOUNT, 'cgroup.controllers'))) return null;
  const base = writable(join(MOUNT, own.path));
  if (!base) return null;
  const wanted = ['memory', 'pids', 'cpu'];
  try {
    // Fails where the console's own cgroup holds processes and was not delegated with them enabled.
    writeFileSync(join(base, 'cgroup.subtree_control'), wanted.map((name) => `+${name}`).join(' '));
  } catch {
    const enabled = readFileSync(join(base, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
    if (!enabled.includes('memory')) return null;
  }
  return {
    version: 'v2',
    create(name, limits) {
      const dir = join(base, name);
      mkdirSync(dir);
      const set = (file: string, value: string) => existsSync(join(dir, file)) && writeFileSync(join(dir, file), value);
      writeFileSync(join(dir, 'memory.max'), String(limits.memoryMb * 1024 * 1024));
      set('memory.swap.max', '0');
      set('pids.max', String(limits.pidsMax));
      set('cpu.max', `${Math.round(limits.cpuShare * PERIOD_US)} ${PERIOD_US}`);
      set('cpu.weight', String(V2_WEIGHT));
      return group([dir], () => counter(join(dir, 'memory.events'), 'oom_kill'));
    },
  };
}

/** cgroups the console may make for its kernels (nested under its own), or null. */
export function findCgroups(): Cgroups | null {
  return v2() ?? v1();
}

function counter(file: string, key: string): number {
  try {
    const line = readFileSync(file, 'utf8').split('\n').find((entry) => entry.startsWith(`${key} `));
    return line ? Number(line.split(' ')[1]) : 0;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function members(dir: string): number[] {
  try {
    return readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function group(dirs: string[], oomKills: () => number): Cgroup {
  return {
    procsFiles: dirs.map((dir) => join(dir, 'cgroup.procs')),
    oomKilled: () => oomKills() > 0,
    async remove() {
      // A process still in it (the namespace's last ones die just after bwrap) is killed; then the folders go.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const left = dirs.flatMap(members);
        for (const pid of left) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        if (left.length === 0) break;
        await sleep(20);
      }
      for (const dir of dirs) {
        try {
          rmdirSync(dir);
        } catch {
          // gone already, or still busy after 1 s: left for the operator rather than throwing at a kernel's end
        }
      }
    },
  };
}
