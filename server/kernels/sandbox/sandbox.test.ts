import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPyodideProvider } from '../pyodide/provider';
import { bwrapArgs, dropArgs, launcherArgs } from './bwrapArgs';
import { openSandbox, refusingSandbox, SandboxUnavailable, type SandboxSpec } from './index';

const spec: SandboxSpec = {
  id: 'k1',
  readOnly: ['/usr/bin/node', '/opt/app/node_modules/pyodide'],
  readWrite: ['/srv/data/kernels/k1'],
  cwd: '/srv/data/kernels/k1',
  memoryMb: 512,
  env: { SECRET_NEVER_IN_ARGV: 'x' },
};

const pairs = (args: string[], flag: string) => args.flatMap((arg, i) => (arg === flag ? [args.slice(i + 1, i + (flag === '--dir' ? 2 : 3)).join(' ')] : []));

describe('the bwrap command line', () => {
  it('unshares every namespace, dies with the console, and binds only what the spec lists', () => {
    const args = bwrapArgs(spec, false);
    for (const flag of ['--unshare-user', '--unshare-pid', '--unshare-net', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup', '--die-with-parent', '--new-session']) {
      expect(args).toContain(flag);
    }
    expect(pairs(args, '--ro-bind')).toEqual(['/usr/bin/node /usr/bin/node', '/opt/app/node_modules/pyodide /opt/app/node_modules/pyodide']);
    expect(pairs(args, '--bind')).toEqual(['/srv/data/kernels/k1 /srv/data/kernels/k1']);
    // Nothing else of the host: no --bind of / or /usr, a fresh /proc and /dev, a tmpfs /tmp, mounted before the binds.
    expect(args.slice(args.indexOf('--proc'), args.indexOf('--proc') + 8)).toEqual(['--proc', '/proc', '--dev', '/dev', '--perms', '1777', '--tmpfs', '/tmp']);
    expect(args.indexOf('--tmpfs')).toBeLessThan(args.indexOf('--ro-bind'));
    expect(pairs(args, '--dir')).toEqual(['/opt', '/srv', '/usr', '/opt/app', '/srv/data', '/usr/bin', '/opt/app/node_modules', '/srv/data/kernels']);
    expect(args.slice(-3)).toEqual(['--chdir', '/srv/data/kernels/k1', '--']);
    expect(args.join(' ')).not.toContain('SECRET_NEVER_IN_ARGV');
  });

  it('as root, keeps no user namespace and no capability but those needed to enter the folder and drop to the uid', () => {
    const args = bwrapArgs(spec, true);
    expect(args).not.toContain('--unshare-user');
    expect(args.slice(0, 8)).toEqual(['--cap-drop', 'ALL', '--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID', '--cap-add', 'CAP_DAC_OVERRIDE']);
    expect(dropArgs(200_001)).toEqual(['--reuid=200001', '--regid=200001', '--clear-groups', '--inh-caps=-all', '--nnp', '--']);
  });

  it('joins the cgroups before anything else runs, with the paths as arguments, never in the script', () => {
    const args = launcherArgs(['/sys/fs/cgroup/memory/a b/cgroup.procs'], null, ['/usr/bin/bwrap', '--', 'node']);
    expect(args[0]).toBe('-c');
    expect(args[1]).not.toContain('/sys/fs/cgroup');
    expect(args.slice(2)).toEqual(['sandbox', '/sys/fs/cgroup/memory/a b/cgroup.procs', '--', '/usr/bin/bwrap', '--', 'node']);
    expect(launcherArgs([], 524_288, ['x'])[1]).toContain('ulimit -d 524288');
  });
});

describe('SandboxUnavailable', () => {
  it('says what is missing, how to get it and how to opt out', () => {
    expect(() => openSandbox({ mode: 'on', bwrap: '/nonexistent/bwrap' })).toThrow(SandboxUnavailable);
    expect(() => openSandbox({ mode: 'on', bwrap: '/nonexistent/bwrap' })).toThrow(
      /Kernels cannot start: the kernel sandbox is not available \(\/nonexistent\/bwrap is missing\)\. Install bubblewrap \(apt-get install bubblewrap\) and allow unprivileged user namespaces .*set CONSOLE_KERNEL_SANDBOX=off\./,
    );
  });

  it('is not raised when the operator opted out', () => {
    const sandbox = openSandbox({ mode: 'off', bwrap: '/nonexistent/bwrap' });
    expect(sandbox.kind).toBe('off');
    expect(sandbox.wrap('/usr/bin/node', ['-v'], spec)).toMatchObject({ command: '/usr/bin/node', args: ['-v'], env: spec.env });
  });
});

describe('where the sandbox cannot be had', () => {
  it('starting an embedded kernel answers the reason, and nothing is started', async () => {
    const problem = new SandboxUnavailable('/usr/bin/bwrap is missing');
    const scratchRoot = join(mkdtempSync(join(tmpdir(), 'sandbox-refused-')), 'kernels');
    const provider = createPyodideProvider({
      scratchRoot,
      spares: 0,
      sql: async () => ({ columns: [], rows: [] }),
      log: { warn: () => {} },
      confinement: { sandbox: refusingSandbox(problem), memoryMb: 512, cpuShare: 1 },
    });
    await expect(provider.startKernel({ owner: 'alice', spec: 'python3-pyodide', path: null })).rejects.toThrow(
      /the kernel sandbox is not available \(\/usr\/bin\/bwrap is missing\).*CONSOLE_KERNEL_SANDBOX=off/,
    );
    expect(readdirSync(scratchRoot)).toEqual([]);
    await provider.close();
  });
});
