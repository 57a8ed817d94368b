import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, cookieHeader, cookieNamed, EDITOR_PASSWORD, signIn, useFixture } from '../testing/harness';

const fixture = useFixture();
const LOGIN = '/api/v1/temp/login';

describe('POST /api/v1/temp/login', () => {
  it('answers the profile and sets the session and user cookies', async () => {
    const { app } = await fixture.build();
    const { response } = await signIn(app);
    expect(response.statusCode).toBe(200);
    const profile = { username: 'admin', role: 'admin', firstName: 'Admin', lastName: 'User', email: 'admin@dataplatform.local' };
    expect(response.json()).toEqual({ data: profile });

    const session = cookieNamed(response, 'session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 8 * 60 * 60 });
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session?.secure).toBeUndefined();

    const user = cookieNamed(response, 'user');
    expect(user).toMatchObject({ sameSite: 'Strict', path: '/', maxAge: 8 * 60 * 60 });
    expect(user?.httpOnly).toBeUndefined();
    const raw = String(response.headers['set-cookie']);
    expect(raw).toContain(`user=${encodeURIComponent(JSON.stringify(profile))};`);
    expect(JSON.parse(decodeURIComponent(user?.value ?? ''))).toEqual(profile);
    expect(decodeURIComponent(user?.value ?? '')).not.toMatch(/password|token|session/i);
  });

  it('adds Secure to both cookies when configured', async () => {
    const { app } = await fixture.build({ secureCookies: true });
    const { response } = await signIn(app);
    expect(cookieNamed(response, 'session')?.secure).toBe(true);
    expect(cookieNamed(response, 'user')?.secure).toBe(true);
  });

  it('signs in the editor', async () => {
    const { app } = await fixture.build();
    const { response } = await signIn(app, 'editor', EDITOR_PASSWORD);
    expect(response.json()).toMatchObject({ data: { username: 'editor', role: 'editor' } });
  });

  it('answers the same 401 for a wrong password and an unknown user, without cookies', async () => {
    const { app } = await fixture.build();
    const wrong = await signIn(app, 'admin', 'not-the-password');
    const unknown = await signIn(app, 'mallory', 'not-the-password');
    for (const { response } of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid username or password' });
      expect(response.cookies).toEqual([]);
    }
  });

  it('rejects missing or non-string fields with 400', async () => {
    const { app } = await fixture.build();
    const bodies: unknown[] = [{}, { username: 'admin' }, { password: 'x' }, { username: 123, password: 'x' }, { username: ['admin'], password: 'x' }, { username: 'admin', password: null }];
    for (const payload of bodies) {
      const response = await app.inject({ method: 'POST', url: LOGIN, payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/username|password/);
      expect(response.body).not.toMatch(/stack|at .*\.ts/);
    }
    const notJson = await app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('message');
  });

  it('delays an (ip, username) pair after 5 failures, with Retry-After; other user names are unaffected', async () => {
    let now = Date.now();
    const { app } = await fixture.build({}, { clock: () => now });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(app, 'admin', `wrong-${attempt}`)).response.statusCode).toBe(401);
    }
    const blocked = await signIn(app, 'admin', 'wrong-6');
    expect(blocked.response.statusCode).toBe(429);
    expect(blocked.response.headers['retry-after']).toBe('1');
    expect(blocked.response.json()).toEqual({ message: 'Too many failed sign-in attempts. Try again in 1 second.' });
    // Even the right password is refused while delayed; other usernames are unaffected.
    expect((await signIn(app)).response.statusCode).toBe(429);
    expect((await signIn(app, 'editor', EDITOR_PASSWORD)).response.statusCode).toBe(200);

    now += 1000;
    expect((await signIn(app)).response.statusCode).toBe(200);
  });
});

describe('GET /me and POST /logout', () => {
  it('/me answers the profile for a signed-in cookie', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    const me = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ data: { username: 'admin', role: 'admin', firstName: 'Admin', lastName: 'User', email: 'admin@dataplatform.local' } });
  });

  it('logout destroys the session and clears both cookies', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/temp/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: { ok: true } });
    for (const name of ['session', 'user']) {
      const cleared = cookieNamed(logout, name);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
      expect(cleared?.path).toBe('/');
    }
    const me = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'Not authenticated' });
  });

  it('signing in again replaces the session the browser sent', async () => {
    const { app } = await fixture.build();
    const first = await signIn(app);
    const second = await app.inject({ method: 'POST', url: LOGIN, headers: { cookie: first.cookie }, payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(second.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie: first.cookie } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie: cookieHeader(second) } })).statusCode).toBe(200);
  });

  it('logout without a (valid) session still clears cookies and answers 200', async () => {
    const { app } = await fixture.build();
    for (const headers of [{}, { cookie: 'session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }]) {
      const logout = await app.inject({ method: 'POST', url: '/api/v1/temp/logout', headers });
      expect(logout.statusCode).toBe(200);
      expect(cookieHeader(logout)).toBe('session=; user=');
    }
  });
});
