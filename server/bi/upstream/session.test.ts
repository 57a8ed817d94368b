import { describe, expect, it } from 'vitest';
import { createSessions } from './session';
import { upstreamOf, useSupersetStandIns } from './testing/standIn';

const standIn = useSupersetStandIns();
const EDITOR = { username: 'ed', role: 'editor' } as const;

describe('Superset sessions kept per console user', () => {
  it('signs a user in once for calls arriving together, and keeps Superset’s cookie and the CSRF token bound to it', async () => {
    const superset = await standIn();
    const sessions = createSessions(upstreamOf(superset));
    const [a, b] = await Promise.all([sessions.session(EDITOR), sessions.session(EDITOR)]);
    expect(a).toBe(b);
    expect(superset.signedIn).toEqual([{ user: 'ed', role: 'editor' }]);
    expect(a.cookie()).toBe('session=s1-ed');
    expect(a.csrfToken).toBe('csrf1');
    // The login call carries the trusted headers; the token call only the session.
    const [login, token] = superset.seen;
    expect(login.headers).toMatchObject({ 'x-console-user': 'ed', 'x-console-role': 'editor', 'x-console-secret': upstreamOf(superset).secret });
    expect(token.headers['x-console-secret']).toBeUndefined();
  });

  it('forget(sent) drops only the session sent: one a concurrent call renewed already stays', async () => {
    const superset = await standIn();
    const sessions = createSessions(upstreamOf(superset));
    const first = await sessions.session(EDITOR);
    sessions.forget('ed', first);
    const second = await sessions.session(EDITOR);
    expect(second).not.toBe(first);
    sessions.forget('ed', first);
    expect(await sessions.session(EDITOR)).toBe(second);
    expect(superset.signedIn).toHaveLength(2);
  });

  it('signs in again when the user’s console role changed, so Superset’s roles follow it', async () => {
    const superset = await standIn();
    const sessions = createSessions(upstreamOf(superset));
    await sessions.session(EDITOR);
    await sessions.session({ username: 'ed', role: 'admin' });
    expect(superset.signedIn).toEqual([{ user: 'ed', role: 'editor' }, { user: 'ed', role: 'admin' }]);
  });

  it('sends a name beyond Latin-1 (an OIDC user’s) percent-encoded, as a header can carry it', async () => {
    const superset = await standIn();
    const session = await createSessions(upstreamOf(superset)).session({ username: 'józef.łuk@example.com', role: 'editor' });
    expect(superset.seen[0].headers['x-console-user']).toBe('j%C3%B3zef.%C5%82uk%40example.com');
    expect(superset.userOf(session.cookie())).toBe('józef.łuk@example.com');
  });

  it('keeps no failed sign-in: a wrong secret is said as such, and the next call tries again', async () => {
    const superset = await standIn();
    const sessions = createSessions(upstreamOf(superset, { secret: 'not-the-shared-secret' }));
    await expect(sessions.session(EDITOR)).rejects.toMatchObject({ status: 502, message: expect.stringMatching(/did not sign in the console user "ed".*CONSOLE_SUPERSET_SECRET/) });
    await expect(sessions.session(EDITOR)).rejects.toMatchObject({ status: 502 });
    expect(superset.seen.filter((request) => request.url === '/login/')).toHaveLength(2);
  });
});
