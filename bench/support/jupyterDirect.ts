import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { createJupyterClient, type JupyterClient } from '../../server/kernels/jupyter/client';
import { executeRequest, parentId, parseMessage, request, statusOf, type JupyterMessage } from '../../server/kernels/jupyter/messages';
import { sleep } from './time';

/** How long a new kernel may take to answer kernel_info, and how often it is asked (early requests are dropped). */
const READY_LIMIT_MS = 60_000;
const READY_ASK_MS = 500;

interface Pending {
  reply: boolean;
  idle: boolean;
  done: () => void;
}

/**
 * A bare client of a Jupyter Server, the baseline the console is compared with: one kernel, its
 * channels socket, and a run that ends (as the console's does) on both the execute_reply and the
 * iopub idle it caused. Nothing else: no events mapped, no state kept.
 */
export class DirectJupyter {
  private readonly pending = new Map<string, Pending>();
  private readonly session = randomUUID();

  private constructor(
    private readonly client: JupyterClient,
    readonly kernelId: string,
    private readonly socket: WebSocket,
  ) {
    socket.on('message', (data) => {
      const message = parseMessage(data);
      if (message) this.receive(message);
    });
  }

  static async open(url: string, token: string, spec: string): Promise<DirectJupyter> {
    const client = createJupyterClient(url, token);
    const model = await client.startKernel(spec, null);
    const direct = new DirectJupyter(client, model.id, await client.channels(model.id, randomUUID()));
    await direct.ready();
    return direct;
  }

  /** Sends the code and resolves once the kernel has replied and gone idle for it. */
  run(code: string): Promise<void> {
    return this.send(executeRequest(this.session, code), false);
  }

  async close(): Promise<void> {
    this.socket.close();
    await this.client.deleteKernel(this.kernelId);
  }

  private async ready(): Promise<void> {
    const deadline = Date.now() + READY_LIMIT_MS;
    let answered = false;
    while (!answered) {
      if (Date.now() > deadline) throw new Error(`the direct Jupyter kernel ${this.kernelId} did not answer kernel_info`);
      const reply = this.send(request(this.session, 'kernel_info_request', {}), true).then(() => (answered = true));
      await Promise.race([reply, sleep(READY_ASK_MS)]);
    }
  }

  /** `replyOnly`: done on the shell reply alone (kernel_info), else also on the iopub idle. */
  private send(message: JupyterMessage, replyOnly: boolean): Promise<void> {
    return new Promise((done) => {
      this.pending.set(message.header.msg_id, { reply: false, idle: replyOnly, done });
      this.socket.send(JSON.stringify(message));
    });
  }

  private receive(message: JupyterMessage): void {
    const id = parentId(message);
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (!pending || id === undefined) return;
    if (message.channel === 'shell' && message.header.msg_type.endsWith('_reply')) pending.reply = true;
    if (message.channel === 'iopub' && statusOf(message) === 'idle') pending.idle = true;
    if (pending.reply && pending.idle) {
      this.pending.delete(id);
      pending.done();
    }
  }
}
