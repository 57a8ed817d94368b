import type { KernelModel, KernelSpecList, NotebookServerStatus, RunCodeResponse, RunEvent } from '../../contracts/kernels';
import { ADMIN_PASSWORD } from '../../tests/support/consoleServer';

/** A streamed run's event and when it reached the client (Date.now(), to compare with a kernel's clock). */
export interface TimedEvent {
  event: RunEvent;
  at: number;
}

/** The kernels half of the console's Notebook API as a script uses it: signed in with a session cookie. */
export class NotebookApi {
  private constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  static async signIn(url: string): Promise<NotebookApi> {
    const res = await fetch(`${url}/api/v1/temp/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('session='));
    if (!session) throw new Error('sign-in set no session cookie');
    return new NotebookApi(`${url}/api/notebook`, session.split(';')[0]);
  }

  private async call<T>(method: string, path: string, body?: object): Promise<T> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /api/notebook${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  specs(): Promise<KernelSpecList> {
    return this.call('GET', '/kernelspecs');
  }

  startServer(username: string): Promise<unknown> {
    return this.call('POST', '/start-server', { username });
  }

  stopServer(username: string): Promise<unknown> {
    return this.call('DELETE', '/stop-server', { username });
  }

  serverStatus(username: string): Promise<NotebookServerStatus> {
    return this.call('GET', `/status-server?username=${encodeURIComponent(username)}`);
  }

  startKernel(kernelspec: string): Promise<KernelModel> {
    return this.call('POST', '/start-kernel', { kernelspec });
  }

  interrupt(id: string): Promise<KernelModel> {
    return this.call('POST', `/kernels/${encodeURIComponent(id)}/interrupt`);
  }

  shutdown(id: string): Promise<void> {
    return this.call('DELETE', `/kernels/${encodeURIComponent(id)}`);
  }

  /** A run answered as JSON once it is done. */
  async run(kernelId: string, code: string): Promise<RunCodeResponse> {
    const answer = await this.call<RunCodeResponse>('POST', '/run-code', { kernelId, code });
    if (answer.status !== 'ok') throw new Error(`the run of ${JSON.stringify(code)} ended ${answer.status}: ${answer.output}`);
    return answer;
  }

  /**
   * A streamed run: every event with its arrival time. `opened` is called once the stream's
   * headers have come (the server has the run), e.g. to interrupt it.
   */
  async stream(kernelId: string, code: string, opened?: () => void): Promise<TimedEvent[]> {
    const res = await fetch(`${this.base}/run-code`, {
      method: 'POST',
      headers: { cookie: this.cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ kernelId, code }),
    });
    if (!res.ok || !res.body) throw new Error(`a streamed run answered ${res.status}: ${await res.text()}`);
    opened?.();
    const events: TimedEvent[] = [];
    for await (const data of sseData(res.body)) events.push({ event: JSON.parse(data) as RunEvent, at: Date.now() });
    if (events.at(-1)?.event.type !== 'done') throw new Error(`a streamed run of ${JSON.stringify(code)} ended without its done event`);
    return events;
  }
}

/** The data of each SSE event as its block completes; comments (`: open`, pings) carry none. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart());
      if (data.length > 0) yield data.join('\n');
    }
  }
}
