import type { Role } from '../../../contracts/session';
import type { SupersetUpstream } from '../../config';
import { fetchSuperset, SupersetFailure } from './failure';

/** The console user a Superset session belongs to. */
export interface ConsoleUser {
  username: string;
  role: Role;
}

/** One console user's Superset session: its cookies (Superset's session) and the CSRF token bound to it. */
export interface SupersetSession {
  readonly user: ConsoleUser;
  readonly csrfToken: string;
  /** The Cookie header to send. */
  cookie(): string;
  /** Keeps the cookies an answer sets (Superset may refresh its session cookie on any answer). */
  absorb(response: Response): void;
}

export interface SupersetSessions {
  /** The user's session, signing in first when none is kept (calls arriving meanwhile share the sign-in). */
  session(user: ConsoleUser): Promise<SupersetSession>;
  /** Drops the user's kept session (only `sent`, when given: a concurrent call may have renewed it already). */
  forget(username: string, sent?: SupersetSession): void;
}

/**
 * The headers superset_config.py's middleware trusts, with the shared secret, to sign a user in;
 * the name percent-encoded, as a header holds Latin-1 only (an OIDC user's name may hold more).
 */
export function trustedHeaders(upstream: SupersetUpstream, user: ConsoleUser): Record<string, string> {
  return { 'x-console-user': encodeURIComponent(user.username), 'x-console-role': user.role, 'x-console-secret': upstream.secret };
}

/**
 * Sessions kept per console user, in memory: a restart signs everyone in again. Sign-in is
 * Superset's AUTH_REMOTE_USER login (GET /login/ with the trusted headers → session cookie),
 * then GET /api/v1/security/csrf_token/ for the token its writes need.
 */
export function createSessions(upstream: SupersetUpstream): SupersetSessions {
  // `session` is set once the sign-in ended well: forget(…, sent) compares with it synchronously.
  const kept = new Map<string, { signing: Promise<SupersetSession>; session?: SupersetSession }>();
  return {
    session(user) {
      const held = kept.get(user.username);
      if (!held) return start(user);
      // A changed console role signs in again, so Superset's roles follow it.
      return held.signing.then((session) => (session.user.role === user.role ? session : start(user)));
    },
    forget(username, sent) {
      const held = kept.get(username);
      if (held && (sent === undefined || held.session === sent)) kept.delete(username);
    },
  };

  function start(user: ConsoleUser): Promise<SupersetSession> {
    const entry: { signing: Promise<SupersetSession>; session?: SupersetSession } = { signing: signIn(upstream, user) };
    kept.set(user.username, entry);
    entry.signing.then(
      (session) => (entry.session = session),
      () => kept.get(user.username) === entry && kept.delete(user.username),
    );
    return entry.signing;
  }
}
async function signIn(upstream: SupersetUpstream, user: ConsoleUser): Promise<SupersetSession> {
  const jar = new Map<string, string>();
  const absorb = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const login = await fetchSuperset(upstream, '/login/', { method: 'GET', headers: { ...trustedHeaders(upstream, user), accept: 'text/html' } });
  await login.body?.cancel();
  absorb(login);
  const csrf = await fetchSuperset(upstream, '/api/v1/security/csrf_token/', { method: 'GET', headers: { cookie: cookie(), accept: 'application/json' } });
  absorb(csrf);
  const text = await csrf.text().catch(() => '');
  if (csrf.status === 401 || csrf.status === 403) {
    throw new SupersetFailure(502, `Superset did not sign in the console user "${user.username}" (csrf_token/ answered ${csrf.status} after /login/): check that CONSOLE_SUPERSET_SECRET is the secret Superset's superset_config.py holds and that its AUTH_TYPE is AUTH_REMOTE_USER`);
  }
  const token = csrf.ok ? tokenOf(text) : null;
  if (token === null) throw new SupersetFailure(502, `Superset gave no CSRF token: /api/v1/security/csrf_token/ answered ${csrf.status}`);
  return { user, csrfToken: token, cookie, absorb };
}

function tokenOf(text: string): string | null {
  try {
    const { result } = JSON.parse(text) as { result?: unknown };
    return typeof result === 'string' && result !== '' ? result : null;
  } catch {
    return null;
  }
}
