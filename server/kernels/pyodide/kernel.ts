import { randomUUID } from 'node:crypto';
import type { ExecutionState, RunDone, RunEvent, RunStatus } from '../../../contracts/kernels';
import type { KernelSql, ProviderKernel } from '../provider';
import type { HostMessage, KernelProcess } from './process';

export interface KernelOptions {
  spec: string;
  owner: string;
  sql: KernelSql;
  hardKillAfterMs: number;
  log: { warn(obj: object, msg: string): void };
  /** A fresh interpreter process, loaded (a warm spare when there is one). */
  acquire(): Promise<KernelProcess>;
}

interface Run {
  id: string;
  code: string;
  /** Its execution_count, once it has started. */
  count: number | null;
  onEvent: (event: RunEvent) => void;
  resolve: (done: RunDone) => void;
}

const errorEvent = (ename: string, evalue: string): RunEvent => ({
  type: 'output',
  output: { output_type: 'error', ename, evalue, traceback: [`\u001b[0;31m${ename}\u001b[0m: ${evalue}`] },
});

const INTERRUPT_RESEND_MS = 1000;

const OUTPUT_TYPES = new Set(['stream', 'display_data', 'execute_result', 'error']);

/**
 * Cells can reach the host's emit() themselves: only well-formed outputs, clears and updates pass
 * (a forged `done` would end the run for the manager while the cell still runs).
 */
function isCellEvent(event: RunEvent): boolean {
  if (event?.type === 'clear_output') return typeof event.wait === 'boolean';
  if (event?.type === 'update_display_data') return event.output?.output_type === 'display_data';
  return event?.type === 'output' && OUTPUT_TYPES.has(event.output?.output_type);
}

/** Rows go to Python as JSON: a BigInt becomes a number when exact, else its digits. */
function jsonSafe(rows: unknown[]): unknown[] {
  const replacer = (_key: string, value: unknown) =>
    typeof value === 'bigint' ? (Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()) : value;
  return JSON.parse(JSON.stringify(rows, replacer)) as unknown[];
}

/**
 * One embedded kernel: runs cells one at a time on its process, and keeps its id when the
 * process is replaced (restart, or the hard kill after an interrupt a blocking call ignored).
 */
export class PyodideKernel implements ProviderKernel {
  readonly id = randomUUID();
  readonly spec: string;
  private current: ExecutionState = 'idle';
  private process: KernelProcess | null;
  private running: Run | null = null;
  private readonly queue: Run[] = [];
  private count = 0;
  private hardKill: NodeJS.Timeout | null = null;
  private resend: NodeJS.Timeout | null = null;
  private replacing: Promise<void> | null = null;
  private readonly listeners = new Set<(state: ExecutionState) => void>();

  constructor(
    private readonly options: KernelOptions,
    process: KernelProcess,
  ) {
    this.spec = options.spec;
    this.process = null;
    this.attach(process);
  }

  get state(): ExecutionState {
    return this.current;
  }

  execute(code: string, onEvent: (event: RunEvent) => void): Promise<RunDone> {
    return new Promise((resolve) => {
      const run: Run = { id: randomUUID(), code, count: null, onEvent, resolve };
      if (this.current === 'dead') return this.end(run, 'aborted', errorEvent('DeadKernel', 'The kernel has stopped: restart it to run code.'));
      this.queue.push(run);
      this.pump();
    });
  }

  async interrupt(): Promise<void> {
    const run = this.running;
    if (!run || !this.process) return;
    this.process.send({ t: 'interrupt' });
    // Said again each second until the run ends: a signal that lands as a run starts was once seen lost
    // under load (the loop ran on until the hard kill).
    this.resend ??= setInterval(() => {
      if (this.running === run) this.process?.send({ t: 'interrupt' });
    }, INTERRUPT_RESEND_MS);
    this.hardKill ??= setTimeout(() => {
      this.hardKill = null;
      if (this.running !== run) return;
      const seconds = Math.round(this.options.hardKillAfterMs / 100) / 10;
      const message = `The code did not stop within ${seconds} s of the interrupt (a blocking call), so the kernel was restarted: its variables are lost.`;
      // A failed restart leaves the kernel dead and says so to the runs: nothing more to report here.
      this.replace(errorEvent('KernelRestarted', message)).catch(() => {});
    }, this.options.hardKillAfterMs);
  }

  async restart(): Promise<void> {
    await this.replace(errorEvent('KernelRestarted', 'The kernel was restarted: its variables are lost.'));
  }

  async shutdown(): Promise<void> {
    this.stopTimer();
    this.abortAll(errorEvent('KernelShutdown', 'The kernel was shut down.'));
    const process = this.process;
    this.process = null;
    this.setState('dead');
    await process?.kill();
  }

  onState(listener: (state: ExecutionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A fresh process under the same id: the running run ends with `why`, queued runs are aborted. */
  private replace(why: RunEvent): Promise<void> {
    this.replacing ??= this.swapProcess(why).finally(() => {
      this.replacing = null;
    });
    return this.replacing;
  }

  private async swapProcess(why: RunEvent): Promise<void> {
    this.stopTimer();
    this.setState('restarting');
    this.abortAll(why);
    const old = this.process;
    this.process = null;
    await old?.kill();
    try {
      const fresh = await this.options.acquire();
      if (this.current !== 'restarting') {
        await fresh.kill(); // shut down while it was starting
        return;
      }
      this.count = 0;
      this.attach(fresh);
      this.setState('idle');
      this.pump();
    } catch (error) {
      this.setState('dead');
      this.abortAll(errorEvent('DeadKernel', `The kernel could not restart: ${(error as Error).message}`));
      throw error;
    }
  }

  private attach(process: KernelProcess): void {
    this.process = process;
    process.listen({
      message: (message) => this.onMessage(process, message),
      exit: (reason) => this.onExit(process, reason),
    });
  }

  private pump(): void {
    if (this.running || this.current !== 'idle' || !this.process) return;
    const run = this.queue.shift();
    if (!run) return;
    this.running = run;
    this.count += 1;
    run.count = this.count;
    this.setState('busy');
    this.process.send({ t: 'run', id: run.id, code: run.code, count: this.count });
  }

  /**
   * Whatever the process sends (a cell can send anything over the channel) is handled or logged:
   * a throw here would be an uncaught exception in the console's own process.
   */
  private onMessage(process: KernelProcess, message: HostMessage): void {
    if (process !== this.process || typeof message !== 'object' || message === null) return;
    try {
      this.handle(process, message);
    } catch (error) {
      this.options.log.warn({ err: error, kernel: this.id }, 'a message from a kernel process could not be handled');
    }
  }

  private handle(process: KernelProcess, message: HostMessage): void {
    if (message.t === 'event') {
      if (isCellEvent(message.event)) this.running?.onEvent(message.event);
    }
    else if (message.t === 'sql') this.answerSql(process, message.id, message.query);
    else if (message.t === 'done' && this.running?.id === message.id) {
      const run = this.running;
      this.running = null;
      this.stopTimer();
      this.setState('idle');
      this.end(run, message.status);
      this.pump();
    }
  }

  private answerSql(process: KernelProcess, id: string, query: string): void {
    this.options.sql(this.options.owner, query).then(
      (result) => process.send({ t: 'sql-result', id, columns: result.columns, rows: jsonSafe(result.rows) }),
      (error: unknown) => process.send({ t: 'sql-result', id, error: error instanceof Error ? error.message : String(error) }),
    );
  }

  /** The process died on its own (out of memory, a crash): the kernel is dead until restarted. */
  private onExit(process: KernelProcess, reason: string): void {
    if (process !== this.process) return;
    this.process = null;
    this.stopTimer();
    this.setState('dead');
    this.abortAll(errorEvent('DeadKernel', `The kernel's process ended unexpectedly (${reason}): its variables are lost. Restart it to go on.`));
  }

  private abortAll(why: RunEvent): void {
    const running = this.running;
    this.running = null;
    if (running) this.end(running, 'aborted', why);
    for (const run of this.queue.splice(0)) this.end(run, 'aborted');
  }

  private end(run: Run, status: RunStatus, event?: RunEvent): void {
    if (event) run.onEvent(event);
    run.resolve({ type: 'done', execution_count: run.count, status });
  }

  private stopTimer(): void {
    if (this.hardKill) clearTimeout(this.hardKill);
    this.hardKill = null;
    if (this.resend) clearInterval(this.resend);
    this.resend = null;
  }

  private setState(state: ExecutionState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}
