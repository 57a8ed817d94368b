import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ADMIN_PASSWORD, signIn, useFixture } from '../testing/harness';

const fixture = useFixture();
const CROSS_SITE = { message: 'Cross-site request refused: this API accepts changes only from the console itself' };
const DISCOVERY = '/api/auth/realms/dataplatform/.well-known/openid-configuration';

describe('Origin and Sec-Fetch-Site on mutating requests', () => {
  it('refuse cross-site and same-site writes on every API, the sign-in included', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    const host = 'console.test:8080';
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/v1/temp/logout', headers: { cookie, host, origin: 'https://evil.example' } },
      { method: 'POST', url: '/api/notebook/contents/x', headers: { cookie, host, 'sec-fetch-site': 'cross-site' }, payload: {} },
      { method: 'PATCH', url: '/api/notebook/contents/x', headers: { cookie, host, 'sec-fetch-site': 'same-site' }, payload: {} },
      { method: 'DELETE', url: '/api/bi/v1/saved_query/1', headers: { cookie, host, origin: 'null' } },
      { method: 'PUT', url: '/api/batch', headers: { cookie, host, origin: 'http://console.test:9999' }, payload: {} },
      { method: 'POST', url: '/api/v1/temp/login', headers: { host, origin: 'https://evil.example' }, payload: { username: 'admin', password: ADMIN_PASSWORD } },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json()).toEqual(CROSS_SITE);
      expect(response.cookies).toEqual([]);
    }
    // The session was not ended by the refused logout.
    expect((await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('let same-origin writes, scripts without Origin and Bearer calls through', async () => {
    const { app } = await fixture.build();
    const host = 'console.test:8080';
    const credentials = { username: 'admin', password: ADMIN_PASSWORD };
    const sameOrigin = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: { host, origin: 'http://console.test:8080', 'sec-fetch-site': 'same-origin' }, payload: credentials });
    expect(sameOrigin.statusCode).toBe(200);
    // The scheme may differ behind a TLS proxy: the Host the request came to decides.
    const behindTls = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: { host, origin: 'https://console.test:8080' }, payload: credentials });
    expect(behindTls.statusCode).toBe(200);
    const script = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: { host }, payload: credentials });
    expect(script.statusCode).toBe(200);
    const { access_token } = (await app.inject({ method: 'POST', url: '/api/bi/v1/security/login', payload: { ...credentials, provider: 'db' } })).json();
    const bearer = await app.inject({ method: 'POST', url: '/api/whatever', headers: { host, authorization: `Bearer ${access_token}`, origin: 'https://tool.example' }, payload: {} });
    expect(bearer.statusCode).toBe(404);
    // Reads are not checked.
    expect((await app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });
});

describe('CONSOLE_PUBLIC_URL', () => {
  it('refuses other Host values with 421, except a loopback health check', async () => {
    const { app } = await fixture.build({ publicUrl: 'https://console.example.com' });
    for (const host of ['evil.example', 'console.example.com.evil.example', 'localhost:8080', '127.0.0.1']) {
      const response = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { host } });
      expect(response.statusCode, host).toBe(421);
      expect(response.json().message).toContain('https://console.example.com');
    }
    for (const host of ['console.example.com', 'CONSOLE.example.com:443']) {
      expect((await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { host } })).statusCode, host).toBe(401);
    }
    for (const host of ['127.0.0.1:8080', 'localhost', '[::1]:8080']) {
      expect((await app.inject({ method: 'GET', url: '/healthz', headers: { host } })).statusCode, host).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/healthz', headers: { host: 'evil.example' } })).statusCode).toBe(421);
  });

  it('is the only allowed Origin, and the discovery document is built from it', async () => {
    const { app } = await fixture.build({ publicUrl: 'https://console.example.com' });
    const host = 'console.example.com';
    const credentials = { username: 'admin', password: ADMIN_PASSWORD };
    const ok = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: { host, origin: 'https://console.example.com' }, payload: credentials });
    expect(ok.statusCode).toBe(200);
    const wrongScheme = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: { host, origin: 'http://console.example.com' }, payload: credentials });
    expect(wrongScheme.statusCode).toBe(403);

    const discovery = await app.inject({ method: 'GET', url: DISCOVERY, headers: { host } });
    const issuer = 'https://console.example.com/api/auth/realms/dataplatform';
    expect(discovery.json()).toMatchObject({
      issuer,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
    });
  });

  it('batch sub-requests keep working behind it', async () => {
    const { app } = await fixture.build({ publicUrl: 'https://console.example.com' });
    const host = 'console.example.com';
    const login = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: { host }, payload: { username: 'admin', password: ADMIN_PASSWORD } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const batch = await app.inject({
      method: 'POST',
      url: '/api/batch',
      headers: { host, cookie, origin: 'https://console.example.com' },
      payload: { requests: [{ method: 'POST', url: '/api/whatever', body: null }] },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().responses[0].status).toBe(404);
  });
});
