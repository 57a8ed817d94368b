import { spawn, type ChildProcess } from 'node:child_process';
import type { Wrapped } from '../sandbox';

const STOP_GRACE_MS = 3_000;
const STDERR_LINES = 20;

/**
 * One Jupyter Server process in its sandbox: its last stderr lines kept for the error that says
 * why it failed, its sandbox released (cgroup, uid) once it has ended.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  /** Resolves, saying how, once the process has ended and its sandbox is released. */
  readonly exited: Promise<string>;
  private readonly stderr: string[] = [];
  private over = false;

  constructor(readonly wrapped: Wrapped) {
    this.child = spawn(wrapped.command, wrapped.args, { env: wrapped.env, stdio: ['ignore', 'ignore', 'pipe'] });
    // Always read stderr: a full pipe would block the server.
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr.push(...chunk.split('\n').filter((line) => line.trim() !== ''));
      this.stderr.splice(0, Math.max(0, this.stderr.length - STDERR_LINES));
    });
    this.exited = new Promise((resolve) => {
      const end = (how: string) => {
        if (this.over) return;
        this.over = true;
        const limit = wrapped.limitHit();
        void wrapped.release().finally(() => resolve(limit ? `${how}: ${limit}` : how));
      };
      this.child.once('exit', (code, signal) => end(signal ?? `exit code ${code}`));
      // A command that cannot be spawned (ENOENT) emits only this.
      this.child.once('error', (error) => {
        this.stderr.push(error.message);
        end(error.message);
      });
    });
  }

  get running(): boolean {
    return !this.over;
  }

  lastLines(): string {
    return this.stderr.join('\n') || '(no output)';
  }

  /**
   * SIGTERM: an unsandboxed Jupyter shuts its kernels down; a sandbox ends with everything in it.
   * SIGKILL if it has not ended after the grace period.
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }
}
