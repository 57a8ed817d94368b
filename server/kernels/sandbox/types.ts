/** What one sandboxed process may see and use (README.md in this folder). */
export interface SandboxSpec {
  /** Names its cgroup: letters, digits, '-' and '_'. */
  id: string;
  /** Host paths bound read-only at the same path (files or folders). */
  readOnly: string[];
  /** Host paths bound read-write (scratch); chowned to the sandbox's uid when the console runs as root. */
  readWrite: string[];
  /** The working folder inside (usually a readWrite path). */
  cwd: string;
  /** Memory cap: RLIMIT_DATA per process (an allocation past it fails: MemoryError), and the cgroup's hard cap for the whole sandbox where there is one. */
  memoryMb: number;
  /** The most CPU it may use, in cores (cgroup quota), all its threads weighing as one task; default 1. */
  cpuShare?: number;
  /** Tasks (processes and threads) it may have; default 256. */
  pidsMax?: number;
  /** The whole environment inside: nothing of the console's (bwrap adds PWD, the working folder). */
  env: Record<string, string>;
}

export interface Wrapped {
  /** spawn(command, args, { env }): inherited fds, the fork IPC channel among them, pass through. */
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Why the sandbox ended a process in it, if it did ("it exceeded its memory limit of 512 MB"); any time before release. */
  limitHit(): string | null;
  /** After the process exited: kills whatever is left in its cgroup, removes the cgroups, frees the uid. Idempotent. */
  release(): Promise<void>;
}

export interface Sandbox {
  readonly kind: 'bwrap' | 'off';
  /** How the caps are enforced. */
  readonly limits: 'cgroup-v1' | 'cgroup-v2' | 'rlimit' | 'none';
  /** Why every wrap is refused (the sandbox is not available here), or null. */
  readonly refusal: string | null;
  wrap(command: string, args: string[], spec: SandboxSpec): Wrapped;
}

/** The sandbox was asked for and cannot be had here: the message says what is missing, how to get it, how to opt out. */
export class SandboxUnavailable extends Error {
  constructor(missing: string) {
    super(
      `Kernels cannot start: the kernel sandbox is not available (${missing}). ` +
        'Install bubblewrap (apt-get install bubblewrap) and allow unprivileged user namespaces ' +
        '(sysctl user.max_user_namespaces > 0; on Ubuntu also kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap), ' +
        'or, on a single-user machine only, set CONSOLE_KERNEL_SANDBOX=off.',
    );
    this.name = 'SandboxUnavailable';
  }
}
