import { reason } from '../jupyter/client';

/**
 * The JupyterHub REST API calls the console makes as its Hub service (token scopes admin:users,
 * servers, tokens), each failure turned into a sentence for the user's toast.
 */

/** GET /hub/api/users/{name}: the fields we rely on (the default server only). */
export interface HubUser {
  name: string;
  servers?: Record<string, { ready: boolean; pending: string | null; url: string }>;
}

/** One event of GET …/server/progress. */
export interface HubProgress {
  progress?: number;
  message?: string;
  ready?: boolean;
  failed?: boolean;
}

/** A refusal from the Hub, with its status and a message for the user. */
export class HubError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'HubError';
  }
}

const REQUEST_TIMEOUT_MS = 30_000;
/** How long a spawn's progress is followed: a Kubernetes spawn pulling an image takes minutes. */
const PROGRESS_TIMEOUT_MS = 10 * 60_000;

export class HubApi {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  /** The user, or null when the Hub has none by that name. */
  async user(name: string): Promise<HubUser | null> {
    const response = await this.call('GET', `/users/${encodeURIComponent(name)}`, undefined, [404]);
    return response.status === 404 ? null : ((await response.json()) as HubUser);
  }

  /** Creates the user; one created meanwhile (409) is as good. */
  async createUser(name: string): Promise<void> {
    await this.call('POST', `/users/${encodeURIComponent(name)}`, undefined, [409]);
  }

  /** Users with a server running or pending (GET /users?state=active). */
  async activeUsers(): Promise<HubUser[]> {
    return (await (await this.call('GET', '/users?state=active&limit=1000')).json()) as HubUser[];
  }

  /** Asks for the default server: 201 started, 202 pending (follow progress()). */
  async startServer(name: string): Promise<void> {
    try {
      await this.call('POST', `/users/${encodeURIComponent(name)}/server`, {});
    } catch (error) {
      // Became ready between our look and this call: what we wanted.
      if (!(error instanceof HubError && /already running/.test(error.message))) throw error;
    }
  }

  /** Stops the default server (204 stopped, 202 pending stop); one already stopped is fine. */
  async stopServer(name: string): Promise<void> {
    await this.call('DELETE', `/users/${encodeURIComponent(name)}/server`, undefined, [404]);
  }

  /** A token for the user that opens only their servers, and the id to revoke it by. */
  async mintToken(name: string): Promise<{ token: string; id: string }> {
    const body = { scopes: [`access:servers!user=${name}`], note: 'console kernels', expires_in: 24 * 3600 };
    return (await (await this.call('POST', `/users/${encodeURIComponent(name)}/tokens`, body)).json()) as { token: string; id: string };
  }

  async revokeToken(name: string, id: string): Promise<void> {
    await this.call('DELETE', `/users/${encodeURIComponent(name)}/tokens/${encodeURIComponent(id)}`, undefined, [404]);
  }

  /** The spawn's progress events as they come, until ready or failed (the Hub ends the stream then). */
  async *progress(name: string): AsyncGenerator<HubProgress> {
    const response = await this.call('GET', `/users/${encodeURIComponent(name)}/server/progress`, undefined, [], PROGRESS_TIMEOUT_MS);
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('data:')) yield JSON.parse(line.slice(5)) as HubProgress;
    }
  }

  private async call(method: string, route: string, body?: unknown, accepted: number[] = [], timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.url}/hub/api${route}`, {
        method,
        headers: { authorization: `token ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new HubError(`JupyterHub at ${this.url} is not reachable (${reason(error)})`, 0);
    }
    if (response.ok || accepted.includes(response.status)) return response;
    throw new HubError(await refusal(response), response.status);
  }
}

/** What the Hub's refusal means for the user: its own message, with what to do where we know it. */
async function refusal(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let message = text.trim().slice(0, 300);
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? message);
  } catch {
    // Not JSON (a proxy's error page): its text as it is.
  }
  if (response.status === 403) return `JupyterHub refused the console's token (${message || 'forbidden'}): its service needs the scopes admin:users, servers and tokens`;
  if (response.status === 429) return `JupyterHub is starting too many servers at once (${message || 'spawn limit'}): try again in ${response.headers.get('retry-after') ?? 'a few'} seconds`;
  if (/pending/i.test(message)) return `Your server is still busy on JupyterHub (${message}): try again in a moment`;
  return `JupyterHub answered ${response.status}${message ? `: ${message}` : ''}`;
}
