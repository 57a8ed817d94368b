import { describe, expect, it } from 'vitest';
import { cookieNamed, EDITOR_PASSWORD, signIn, useFixture } from '../testing/harness';

const fixture = useFixture();

const PROTECTED = [
  ['GET', '/api/workflow/v1/dags'],
  ['GET', '/api/notebook/workspace'],
  ['GET', '/api/bi/v1/me/'],
  ['GET', '/api/bi/v1/security/csrf_token/'],
  ['GET', '/api/whatever'],
  ['POST', '/api/notebook/files'],
  ['GET', '/api/v1/temp/me'],
  ['GET', '/api'],
  // Encoded spellings of /api must not slip past the guard.
  ['GET', '/%61pi/bi/v1/me/'],
  ['GET', '/api/bi/v1/%6De/'],
  ['GET', '/api/bi/v1/me/?x=1'],
] as const;

describe('auth guard', () => {
  it('answers 401 JSON for every non-public API without a session', async () => {
    const { app } = await fixture.build();
    for (const [method, url] of PROTECTED) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Not authenticated' });
    }
  });

  it('answers 404 JSON for unknown APIs once signed in', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    for (const url of ['/api/whatever', '/api/workflow/v1/nope', '/api/notebook/nope', '/api/bi/v1/nope/']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
    const post = await app.inject({ method: 'POST', url: '/api/whatever', headers: { cookie }, payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('rejects forged or unknown session cookies and clears them', async () => {
    const { app } = await fixture.build();
    for (const value of ['nonsense', 'A'.repeat(43), "' OR 1=1 --"]) {
      const response = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie: `session=${encodeURIComponent(value)}` } });
      expect(response.statusCode).toBe(401);
      expect(cookieNamed(response, 'session')?.value).toBe('');
    }
  });

  it('accepts a Bearer access token and rejects garbage', async () => {
    const { app, services } = await fixture.build();
    const editor = { username: 'editor', role: 'editor' } as const;
    const { accessToken: token, refreshToken: refresh, familyId } = await services.grants.start({ ...editor, firstName: 'E', lastName: 'U', email: 'e@x' }, 0, true);
    const ok = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { authorization: `Bearer ${token}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.username).toBe('editor');

    // Well signed, but of no family (or another user's): refused.
    const orphan = await services.tokens.issue(editor, 'access', 'no-such-family');
    const borrowed = await services.tokens.issue({ username: 'admin', role: 'admin' }, 'access', familyId);
    for (const value of [`Bearer ${refresh}`, 'Bearer not.a.jwt', `Basic ${token}`, `Bearer ${orphan}`, `Bearer ${borrowed}`]) {
      const response = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { authorization: value } });
      expect(response.statusCode, value).toBe(401);
    }
  });
});

describe('roles', () => {
  it('editor gets 403 on the admin-only BI API', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app, 'editor', EDITOR_PASSWORD);
    for (const url of ['/api/bi/v1/me/', '/api/bi/v1/security/csrf_token/']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: 'Forbidden: admin role required' });
    }
  });

  it('admin gets the contract shapes', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    const me = await app.inject({ method: 'GET', url: '/api/bi/v1/me/', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      result: { id: 1, username: 'admin', first_name: 'Admin', last_name: 'User', email: 'admin@dataplatform.local', is_active: true, is_anonymous: false },
    });
    const csrf = await app.inject({ method: 'GET', url: '/api/bi/v1/security/csrf_token/', headers: { cookie } });
    expect(csrf.statusCode).toBe(200);
    expect(csrf.json().result).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
