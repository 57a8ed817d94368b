import { request } from 'node:http';

export interface FloodStats {
  sent: number;
  /** Answers by status code ("error" for a failed connection or a timeout). */
  answers: Record<string, number>;
}

export interface LoginFlood {
  /** Stops sending, waits for the answers still due (at most `timeoutMs`), and tells what came back. */
  stop(): Promise<FloodStats>;
}

interface FloodOptions {
  /** Base URL of the server, e.g. http://127.0.0.1:8080. */
  url: string;
  perSecond: number;
  /** A hard cap on sign-ins, whatever happens to stop(). */
  maxRequests: number;
  timeoutMs?: number;
}

/** The names the flood tries: the console's two seeded users, and a made-up one in between. */
const FLOOD_NAMES = (n: number) => ['admin', 'editor', `flood-${n}`][n % 3];

/**
 * Console sign-ins with wrong passwords at a fixed rate, each from its own address
 * (X-Forwarded-For, which the server believes from 127.0.0.1 when told to), at known user
 * names and made-up ones: the per-address limits never apply, so without the per-name and
 * new-address budgets every attempt at a known name would cost the server a password hash,
 * as a flood from many machines would.
 */
export function startLoginFlood({ url, perSecond, maxRequests, timeoutMs = 10_000 }: FloodOptions): LoginFlood {
  const stats: FloodStats = { sent: 0, answers: {} };
  const pending = new Set<Promise<void>>();
  const count = (key: string) => (stats.answers[key] = (stats.answers[key] ?? 0) + 1);
  const send = () => {
    if (stats.sent >= maxRequests) return;
    const n = stats.sent++;
    const body = JSON.stringify({ username: FLOOD_NAMES(n), password: 'not-the-password' });
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
    const answered = new Promise<void>((done) => {
      const req = request(`${url}/api/v1/temp/login`, { method: 'POST', headers, timeout: timeoutMs }, (res) => {
        res.resume();
        res.on('end', () => {
          count(String(res.statusCode));
          done();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        count('error');
        done();
      });
      req.end(body);
    });
    pending.add(answered);
    void answered.then(() => pending.delete(answered));
  };
  const timer = setInterval(send, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return stats;
    },
  };
}
