import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, manualClock, useFixture } from '../testing/harness';

const fixture = useFixture();
const TOKEN_URL = '/api/auth/realms/dataplatform/protocol/openid-connect/token';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DISCOVERY_URL = '/api/auth/realms/dataplatform/.well-known/openid-configuration';

/** A GET over real HTTP with the Host header given (fetch does not let a caller set it). */
function getWithHost(port: number, url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

describe('OIDC token endpoint (Keycloak shapes)', () => {
  it('password grant (form-encoded) issues tokens that work as Bearer', async () => {
    const { app } = await fixture.build();
    const response = await app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: FORM,
      payload: form({ grant_type: 'password', client_id: 'console', username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 900,
      refresh_expires_in: 28800,
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      'not-before-policy': 0,
      session_state: expect.stringMatching(/^[0-9a-f-]{36}$/),
      scope: expect.any(String),
    });
    expect(response.headers['cache-control']).toBe('no-store');

    const me = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ username: 'admin', role: 'admin' });
    // The refresh token is not an access token.
    const misuse = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { authorization: `Bearer ${body.refresh_token}` } });
    expect(misuse.statusCode).toBe(401);
  });

  it('accepts JSON bodies too', async () => {
    const { app } = await fixture.build();
    const response = await app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: { grant_type: 'password', client_id: 'console', username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('bad credentials → 401 invalid_grant', async () => {
    const { app } = await fixture.build();
    for (const username of ['admin', 'nobody']) {
      const response = await app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: FORM,
        payload: form({ grant_type: 'password', client_id: 'console', username, password: 'wrong' }),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid user credentials' });
    }
  });

  it('refresh grant issues new tokens; garbage or expired refresh tokens → 400 invalid_grant', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    const first = (
      await app.inject({ method: 'POST', url: TOKEN_URL, headers: FORM, payload: form({ grant_type: 'password', client_id: 'c', username: 'admin', password: ADMIN_PASSWORD }) })
    ).json();

    clock.advance(60_000);
    const refreshed = await app.inject({ method: 'POST', url: TOKEN_URL, headers: FORM, payload: form({ grant_type: 'refresh_token', client_id: 'c', refresh_token: first.refresh_token }) });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    expect(body.access_token).not.toBe(first.access_token);
    expect(body.session_state).toBe(first.session_state);

    const notActive = { error: 'invalid_grant', error_description: 'Token is not active' };
    for (const token of ['garbage', first.access_token]) {
      const response = await app.inject({ method: 'POST', url: TOKEN_URL, headers: FORM, payload: form({ grant_type: 'refresh_token', refresh_token: token }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(notActive);
    }
    clock.advance(9 * 60 * 60 * 1000);
    const expired = await app.inject({ method: 'POST', url: TOKEN_URL, headers: FORM, payload: form({ grant_type: 'refresh_token', refresh_token: body.refresh_token }) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(notActive);
  });

  it('other or missing grant types → 400', async () => {
    const { app } = await fixture.build();
    const other = await app.inject({ method: 'POST', url: TOKEN_URL, headers: FORM, payload: form({ grant_type: 'client_credentials' }) });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('unsupported_grant_type');
    const missing = await app.inject({ method: 'POST', url: TOKEN_URL, headers: FORM, payload: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
  });

  it('form bodies are accepted only by the token endpoint', async () => {
    const { app } = await fixture.build();
    const response = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: FORM, payload: form({ username: 'admin', password: ADMIN_PASSWORD }) });
    expect(response.statusCode).toBe(415);
    expect(response.cookies).toEqual([]);
  });

  it('without CONSOLE_PUBLIC_URL, the discovery document names the address the console listens on, not a forged Host', async () => {
    const { app } = await fixture.build();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const answer = await getWithHost(port, DISCOVERY_URL, 'evil.example');
    expect(answer.status).toBe(200);
    const issuer = `http://127.0.0.1:${port}/api/auth/realms/dataplatform`;
    expect(JSON.parse(answer.body)).toMatchObject({
      issuer,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      grant_types_supported: ['password', 'refresh_token'],
    });
    expect(answer.body).not.toContain('evil.example');
  });

  it('with CONSOLE_PUBLIC_URL, the document names it and a forged Host is refused (421)', async () => {
    const { app } = await fixture.build({ publicUrl: 'https://console.example' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const forged = await getWithHost(port, DISCOVERY_URL, 'evil.example');
    expect(forged.status).toBe(421);
    expect(forged.body).not.toContain('evil.example');
    const answer = await getWithHost(port, DISCOVERY_URL, 'console.example');
    expect(JSON.parse(answer.body)).toMatchObject({ issuer: 'https://console.example/api/auth/realms/dataplatform' });
  });
});
