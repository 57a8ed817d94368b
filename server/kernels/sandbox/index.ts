import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bwrapArgs, dropArgs, launcherArgs } from './bwrapArgs';
import { findCgroups, groupName, type Cgroup, type Cgroups } from './cgroups';
import { SandboxUnavailable, type Sandbox, type SandboxSpec } from './types';

import { runtimeFiles } from './runtimeFiles';

export { runtimeFiles };
export { SandboxUnavailable, type Sandbox, type SandboxSpec, type Wrapped } from './types';

export interface SandboxOptions {
  mode: 'on' | 'off';
  /** Where bubblewrap and setpriv are (default: Debian's). */
  bwrap?: string;
  setpriv?: string;
}

/** Per-sandbox uids and gids when the console runs as root: far above any login user's. */
const UID_BASE = 200_000;
const UID_COUNT = 50_000;
const SH = '/bin/sh';

/** The sandbox asked for; throws SandboxUnavailable when mode is 'on' and it cannot be had here. */
export function openSandbox(options: SandboxOptions): Sandbox {
  if (options.mode === 'off') return unsandboxed();
  const bwrap = options.bwrap ?? '/usr/bin/bwrap';
  const setpriv = options.setpriv ?? '/usr/bin/setpriv';
  const root = process.getuid?.() === 0;
  if (!existsSync(bwrap)) throw new SandboxUnavailable(`${bwrap} is missing`);
  if (root && !existsSync(setpriv)) throw new SandboxUnavailable(`${setpriv} (util-linux) is missing`);
  const cgroups = findCgroups();
  const sandbox = bwrapSandbox(bwrap, root ? setpriv : null, cgroups);
  tryOut(sandbox);
  return sandbox;
}

function unsandboxed(): Sandbox {
  return {
    kind: 'off',
    limits: 'none',
    refusal: null,
    wrap: (command, args, spec) => ({ command, args, env: spec.env, limitHit: () => null, release: async () => {} }),
  };
}

/** Runs /bin/true in a sandbox, as a kernel would run, so a missing piece shows at start-up rather than at a user's first cell. */
function tryOut(sandbox: Sandbox): void {
  const readOnly = runtimeFiles('/bin/true');
  const spec: SandboxSpec = { id: `probe-${randomUUID()}`, readOnly, readWrite: [], cwd: '/', memoryMb: 64, env: {} };
  const wrapped = sandbox.wrap(readOnly[0], [], spec);
  const result = spawnSync(wrapped.command, wrapped.args, { env: wrapped.env, encoding: 'utf8', timeout: 10_000 });
  void wrapped.release();
  if (result.status !== 0) {
    const why = (result.stderr || result.error?.message || `exit ${result.status ?? result.signal}`).trim().split('\n').at(-1);
    throw new SandboxUnavailable(`bwrap failed: ${why}`);
  }
}

function bwrapSandbox(bwrap: string, setpriv: string | null, cgroups: Cgroups | null): Sandbox {
  const setprivFiles = setpriv ? runtimeFiles(setpriv) : [];
  const uids = new Set<number>();
  const takeUid = () => {
    for (let uid = UID_BASE; uid < UID_BASE + UID_COUNT; uid += 1) {
      if (!uids.has(uid)) {
        uids.add(uid);
        return uid;
      }
    }
    throw new Error('Too many sandboxed kernels at once.');
  };
  return {
    kind: 'bwrap',
    limits: cgroups ? (cgroups.version === 'v1' ? 'cgroup-v1' : 'cgroup-v2') : 'rlimit',
    refusal: null,
    wrap(command, args, spec) {
      if (!/^[\w-]+$/.test(spec.id)) throw new Error(`A sandbox id is letters, digits, - and _: ${spec.id}`);
      const uid = setpriv ? takeUid() : null;
      let group: Cgroup | null = null;
      try {
        if (uid !== null) for (const path of spec.readWrite) chownTree(path, uid);
        group = cgroups?.create(groupName(spec.id), { memoryMb: spec.memoryMb, cpuShare: spec.cpuShare ?? 1, pidsMax: spec.pidsMax ?? 256 }) ?? null;
      } catch (error) {
        if (uid !== null) uids.delete(uid);
        throw error;
      }
      const bwrapped = uid !== null && setpriv ? [setpriv, ...dropArgs(uid), command, ...args] : [command, ...args];
      const ro = uid !== null ? withFiles(spec.readOnly, setprivFiles) : spec.readOnly;
      const inner = [bwrap, ...bwrapArgs({ ...spec, readOnly: ro }, uid !== null), ...bwrapped];
      // Per process, a soft wall first (an allocation past it fails in the runtime: MemoryError);
      // the cgroup, where there is one, is the hard wall for the whole sandbox.
      const dataKb = spec.memoryMb * 1024;
      let released: Promise<void> | null = null;
      return {
        command: SH,
        args: launcherArgs(group?.procsFiles ?? [], dataKb, inner),
        env: spec.env,
        limitHit: () => (group?.oomKilled() ? `it exceeded its memory limit of ${spec.memoryMb} MB` : null),
        release() {
          released ??= (group?.remove() ?? Promise.resolve()).finally(() => {
            if (uid !== null) uids.delete(uid);
          });
          return released;
        },
      };
    },
  };
}

/** The paths plus those files not already inside one of them (a file cannot be bound into a read-only folder). */
function withFiles(paths: string[], files: string[]): string[] {
  const inside = (file: string) => paths.some((path) => file === path || file.startsWith(`${path}/`));
  return [...paths, ...files.filter((file) => !inside(file))];
}

/** The scratch folder and what is in it belong to the sandbox's uid (root's files stay unreadable to it otherwise). */
function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  if (!statSync(path).isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), uid);
}

/** A sandbox that refuses every kernel with why it is not available (the console itself still starts). */
export function refusingSandbox(problem: SandboxUnavailable): Sandbox {
  return {
    kind: 'bwrap',
    limits: 'none',
    refusal: problem.message,
    wrap: () => {
      throw problem;
    },
  };
}

/**
 * The one sandbox of the console's kernels (both providers share it: its per-kernel uids are
 * unique across them). Where it cannot be had, kernels are refused with the reason, said at start.
 */
export function openKernelSandbox(mode: 'on' | 'off', log: { warn(msg: string): void; error(msg: string): void }): Sandbox {
  if (mode === 'off') {
    log.warn('CONSOLE_KERNEL_SANDBOX=off: kernels run WITHOUT the OS sandbox, as the console\'s own user, able to read its data and secrets. Use this only on a single-user machine.');
    return openSandbox({ mode });
  }
  try {
    return openSandbox({ mode });
  } catch (error) {
    if (!(error instanceof SandboxUnavailable)) throw error;
    log.error(error.message);
    return refusingSandbox(error);
  }
}
