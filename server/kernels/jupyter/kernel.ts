import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { ExecutionState, RunDone, RunEvent } from '../../../contracts/kernels';
import type { ProviderKernel } from '../provider';
import { reason, type JupyterClient } from './client';
import type { Logger } from './logger';
import { abortOutput, executeRequest, executionState, parentId, parseMessage, replyStatus, request, runEventOf, statusOf, type JupyterMessage } from './messages';

interface Run {
  onEvent: (event: RunEvent) => void;
  reply: Record<string, unknown> | null;
  idle: boolean;
  resolve: (done: RunDone) => void;
  /** Ends the run if its iopub idle never comes after the reply (see IDLE_GRACE_MS). */
  grace?: ReturnType<typeof setTimeout>;
}

/** How long a kernel may take to answer kernel_info after a start or restart. */
const READY_TIMEOUT_MS = 30_000;
/**
 * After its execute_reply a run waits this long at most for the iopub idle that says its outputs are
 * all in: an iopub message lost (the channel reconnecting) must not leave a cell running for ever.
 */
const IDLE_GRACE_MS = 5_000;
/** kernel_info is asked again this often until answered (a starting kernel drops early requests). */
const READY_RETRY_MS = 1_000;

/**
 * One kernel on a Jupyter Server, driven over its channels socket. A run ends when both its
 * execute_reply and the iopub `idle` it caused have arrived, so no output is lost; runs queue in
 * the kernel itself, in the order they were sent.
 */
export class JupyterKernel implements ProviderKernel {
  readonly id: string;
  readonly spec: string;
  private current: ExecutionState = 'starting';
  private socket: WebSocket | null = null;
  private readonly session = randomUUID();
  private readonly runs = new Map<string, Run>();
  /** kernel_info requests awaited by id: told of their shell reply and of their iopub status. */
  private readonly replies = new Map<string, (channel: 'shell' | 'iopub') => void>();
  private readonly listeners = new Set<(state: ExecutionState) => void>();
  /** Shut down, closed or dead: the socket is not reopened. */
  private ended = false;
  /** During restart() the kernel is 'restarting' until it answers, whatever iopub says. */
  private restarting = false;
  /** The restart in progress, which runs wait for. */
  private restarted: Promise<void> | null = null;

  constructor(
    private readonly client: JupyterClient,
    id: string,
    spec: string,
    private readonly log: Logger,
    /** Why the kernel's sandbox ended a process (its memory cap), said when the kernel dies. */
    private readonly limitHit: () => string | null = () => null,
  ) {
    this.id = id;
    this.spec = spec;
  }

  get state(): ExecutionState {
    return this.current;
  }

  /** Opens the channels socket and resolves once the kernel answers (idle). */
  async connect(): Promise<void> {
    this.attach(await this.client.channels(this.id, this.session));
    await this.waitReady();
  }

  async execute(code: string, onEvent: (event: RunEvent) => void): Promise<RunDone> {
    // A run asked for during a restart goes to the new interpreter, once it answers.
    await this.restarted?.catch(() => undefined);
    if (this.ended) return refuse(onEvent, 'The kernel is dead: start a new one (its variables are gone).');
    if (this.socket?.readyState !== WebSocket.OPEN) return refuse(onEvent, 'The connection to the kernel is being restored: run the cell again.');
    const message = executeRequest(this.session, code);
    return new Promise((resolve) => {
      this.runs.set(message.header.msg_id, { onEvent, reply: null, idle: false, resolve });
      this.send(message);
    });
  }

  async interrupt(): Promise<void> {
    if (this.ended) throw new Error('The kernel is dead.');
    await this.client.interruptKernel(this.id);
  }

  restart(): Promise<void> {
    if (this.ended) return Promise.reject(new Error('The kernel is dead: start a new one.'));
    this.restarting = true;
    this.setState('restarting');
    this.abortRuns('The kernel restarted: this run was stopped and every variable is gone.');
    const restarted = this.restartNow().finally(() => {
      this.restarting = false;
      if (this.restarted === restarted) this.restarted = null;
    });
    this.restarted = restarted;
    return restarted;
  }

  private async restartNow(): Promise<void> {
    try {
      await this.client.restartKernel(this.id);
      await this.waitReady();
    } catch (error) {
      if ((await this.client.getKernel(this.id).catch(() => null)) === null) this.markDead('The kernel is gone.');
      throw error;
    }
  }

  async shutdown(): Promise<void> {
    this.markDead('The kernel was shut down.');
    try {
      await this.client.deleteKernel(this.id);
    } catch (error) {
      if ((await this.client.getKernel(this.id).catch(() => null)) !== null) throw error;
    }
  }

  onState(listener: (state: ExecutionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The kernel or its host is gone: pending runs end aborted saying why, the state is dead. */
  markDead(why: string): void {
    if (this.ended) return;
    this.ended = true;
    this.abortRuns(why);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setState('dead');
  }

  private attach(socket: WebSocket): void {
    this.socket = socket;
    // The kernel sends what its code makes it send: a throw here would be uncaught in the console's process.
    socket.on('message', (data) => {
      try {
        const message = parseMessage(data);
        if (message) this.receive(message);
      } catch (error) {
        this.log.warn(`Jupyter kernel ${this.id}: a message could not be handled: ${reason(error)}`);
      }
    });
    socket.on('error', (error) => this.log.warn(`Jupyter kernel ${this.id}: socket error: ${error.message}`));
    socket.on('close', () => {
      if (this.socket === socket && !this.ended) void this.reconnect();
    });
  }

  private receive(message: JupyterMessage): void {
    // A closing socket may still deliver what was in flight (a late idle): a dead kernel stays dead.
    if (this.ended) return;
    const parent = parentId(message);
    const run = parent === undefined ? undefined : this.runs.get(parent);
    if (message.channel === 'shell' || message.channel === 'control') {
      if (run && message.header.msg_type === 'execute_reply') {
        run.reply = message.content;
        if (!run.idle) run.grace = setTimeout(() => ((run.idle = true), this.finish(parent!, run)), IDLE_GRACE_MS);
        this.finish(parent!, run);
      } else if (parent !== undefined) this.replies.get(parent)?.('shell');
      return;
    }
    if (message.channel !== 'iopub') return;
    const state = statusOf(message);
    if (parent !== undefined && state !== null) this.replies.get(parent)?.('iopub');
    if (state === null) {
      const event = runEventOf(message);
      if (run && event) run.onEvent(event);
      return;
    }
    if (run && state === 'idle') {
      run.idle = true;
      this.finish(parent!, run);
    }
    this.onStatus(state);
  }

  /** Jupyter Server says `restarting` when the kernel died and it starts another, `dead` when it gave up. */
  private onStatus(state: ExecutionState): void {
    if (state === 'dead') return this.markDead(`The kernel died${this.cause()}.`);
    // A new kernel process says `starting` once; waitReady() already tracks starts, and a late one
    // must not undo the idle it set.
    if (this.restarting || state === 'starting') return;
    if (state === 'restarting') {
      this.abortRuns(`The kernel died${this.cause()} and was restarted: this run was stopped and every variable is gone.`);
      this.setState('restarting');
      this.waitReady().catch((error: unknown) => this.markDead(`The kernel did not come back after dying: ${reason(error)}`));
      return;
    }
    this.setState(state);
  }

  /** " (the notebook server has exceeded its memory limit of … MB)" once the sandbox has ended a process for it, else "". */
  private cause(): string {
    const hit = this.limitHit();
    return hit === null ? '' : ` (${hit.replace(/^it exceeded/, 'the notebook server has exceeded')})`;
  }

  private finish(msgId: string, run: Run): void {
    if (!run.reply || !run.idle) return;
    clearTimeout(run.grace);
    if (this.runs.get(msgId) !== run) return;
    this.runs.delete(msgId);
    const count = run.reply.execution_count;
    run.resolve({ type: 'done', execution_count: typeof count === 'number' ? count : null, status: replyStatus(run.reply) });
  }

  private abortRuns(why: string): void {
    const runs = [...this.runs.values()];
    this.runs.clear();
    for (const run of runs) {
      clearTimeout(run.grace);
      run.resolve(refuse(run.onEvent, why));
    }
  }

  /**
   * One attempt to reopen a lost socket while the server still has the kernel; else it is dead.
   * The kernel may still be busy with the run the socket lost: its state comes from the server.
   */
  private async reconnect(): Promise<void> {
    this.socket = null;
    this.abortRuns('The connection to the kernel was lost: this run was stopped.');
    try {
      const model = await this.client.getKernel(this.id);
      if (model === null) return this.markDead('The kernel is gone.');
      const socket = await this.client.channels(this.id, this.session);
      if (this.ended) return void socket.close();
      this.attach(socket);
      if (!this.restarting) this.setState(executionState(model.execution_state) ?? 'idle');
    } catch (error) {
      this.markDead(`The connection to the kernel was lost: ${reason(error)}`);
    }
  }

  /** Asks kernel_info until the kernel answers: then it is idle. */
  private async waitReady(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.ended) throw new Error('The kernel died while starting.');
      if (await this.kernelInfo()) {
        this.setState('idle');
        return;
      }
    }
    throw new Error(`The kernel did not answer within ${READY_TIMEOUT_MS / 1000} s.`);
  }

  /**
   * One kernel_info request: true once both its shell reply and its iopub status came. The reply
   * alone is not enough: after a (re)start the server may connect the iopub channel later than the
   * shell one, and a run sent before would lose the iopub idle that ends it (JupyterLab's "nudge").
   */
  private kernelInfo(): Promise<boolean> {
    const message = request(this.session, 'kernel_info_request', {});
    const id = message.header.msg_id;
    const heard = new Set<'shell' | 'iopub'>();
    return new Promise((resolve) => {
      const done = (answered: boolean) => {
        clearTimeout(timer);
        this.replies.delete(id);
        resolve(answered);
      };
      const timer = setTimeout(() => done(false), READY_RETRY_MS);
      this.replies.set(id, (channel) => {
        heard.add(channel);
        if (heard.size === 2) done(true);
      });
      this.send(message);
    });
  }

  private send(message: JupyterMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private setState(state: ExecutionState): void {
    if (this.current === state) return;
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}

/** Ends a run that cannot go on: an error output saying why, then done as aborted. */
function refuse(onEvent: (event: RunEvent) => void, why: string): RunDone {
  onEvent({ type: 'output', output: abortOutput(why) });
  return { type: 'done', execution_count: null, status: 'aborted' };
}
