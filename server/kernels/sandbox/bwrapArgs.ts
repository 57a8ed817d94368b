import { dirname } from 'node:path';
import type { SandboxSpec } from './types';

/** The folders above the bound paths, made world-readable (bwrap would make them 0700, closed to a dropped uid). */
function parentDirs(paths: string[]): string[] {
  const dirs = new Set<string>();
  for (const path of paths) {
    for (let dir = dirname(path); dir !== '/' && dir !== '.'; dir = dirname(dir)) dirs.add(dir);
  }
  const bound = new Set(paths);
  return [...dirs].filter((dir) => !bound.has(dir)).sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/**
 * bwrap's options for a spec: every namespace of its own (pid, network with loopback only, IPC,
 * hostname, cgroup, and user unless it drops to its own uid), dies with the console, its own
 * session (no TIOCSTI to the console's terminal), and a filesystem of only the given paths, a fresh
 * /proc, a minimal /dev and a tmpfs /tmp.
 *
 * dropToUid: the console is root: bwrap runs privileged (so it can bind a scratch folder under
 * <data>, which the kernel's uid cannot walk to) and keeps only what it and setpriv need to switch
 * to that uid inside; the command then starts with setpriv, whose files must be in readOnly.
 */
export function bwrapArgs(spec: SandboxSpec, dropToUid: boolean): string[] {
  return [
    // CAP_DAC_OVERRIDE only lets bwrap's final chdir enter a 0700 folder already chowned to the uid;
    // setpriv's switch from uid 0 to U clears every capability before the command runs.
    ...(dropToUid ? ['--cap-drop', 'ALL', '--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID', '--cap-add', 'CAP_DAC_OVERRIDE'] : ['--unshare-user']),
    '--unshare-pid',
    '--unshare-net',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'kernel',
    // First, so a bound path under /tmp (a test's scratch folder) lands on top of the tmpfs.
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    // Writable by whatever uid runs inside (bwrap would make it root's 0755).
    '--perms',
    '1777',
    '--tmpfs',
    '/tmp',
    ...parentDirs([...spec.readOnly, ...spec.readWrite]).flatMap((dir) => ['--perms', '0755', '--dir', dir]),
    ...spec.readOnly.flatMap((path) => ['--ro-bind', path, path]),
    ...spec.readWrite.flatMap((path) => ['--bind', path, path]),
    '--chdir',
    spec.cwd,
    '--',
  ];
}

/**
 * The /bin/sh launcher run before bwrap: it joins its cgroups (every process it starts stays in
 * them) and sets RLIMIT_DATA, then execs the rest. The paths come as arguments, never in the script.
 *
 * RLIMIT_DATA, not RLIMIT_AS: V8 reserves tens of GB of address space for WebAssembly (Pyodide does
 * not even load under an 8 GB RLIMIT_AS), while RLIMIT_DATA counts what is made writable, so an
 * allocation past it fails inside the runtime (Python's MemoryError) and the process lives on.
 */
export function launcherArgs(procsFiles: string[], dataKb: number | null, rest: string[]): string[] {
  const script = [
    'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift',
    ...(dataKb === null ? [] : [`ulimit -d ${Math.floor(dataKb)} || exit 125`]),
    'exec "$@"',
  ].join('\n');
  return ['-c', script, 'sandbox', ...procsFiles, '--', ...rest];
}

/** setpriv's options switching to the sandbox's own uid and gid, with no groups, capabilities or new privileges. */
export function dropArgs(uid: number): string[] {
  return [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--inh-caps=-all', '--nnp', '--'];
}
