import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { signIn, useFixture } from '../testing/harness';

const fixture = useFixture();

function expectSecurityHeaders(response: LightMyRequestResponse, label: string): void {
  const csp = String(response.headers['content-security-policy']);
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['referrer-policy'], label).toBe('same-origin');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(response.headers['permissions-policy'], label).toBe('camera=(), microphone=(), geolocation=()');
  expect(response.headers, label).not.toHaveProperty('server');
  expect(response.headers, label).not.toHaveProperty('x-powered-by');
}

describe('security headers', () => {
  it('are on API, static, error and 404 responses', async () => {
    const staticDir = await fixture.tempDir();
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html>');
    await writeFile(path.join(staticDir, 'assets', 'a.js'), '1');
    const { app } = await fixture.build({ staticDir });
    const { cookie } = await signIn(app);

    const cases: [string, InjectOptions][] = [
      ['api 200', { method: 'GET', url: '/api/v1/temp/me', headers: { cookie } }],
      ['api 401', { method: 'GET', url: '/api/whatever' }],
      ['api 404', { method: 'GET', url: '/api/whatever', headers: { cookie } }],
      ['api 400', { method: 'POST', url: '/api/v1/temp/login', payload: {} }],
      ['static file', { method: 'GET', url: '/assets/a.js' }],
      ['spa fallback', { method: 'GET', url: '/admin/sql' }],
      ['404', { method: 'DELETE', url: '/nothing' }],
      ['healthz', { method: 'GET', url: '/healthz' }],
    ];
    for (const [label, request] of cases) expectSecurityHeaders(await app.inject(request), label);
  });

  it('API JSON is never cached; static files keep their own cache policy', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/temp/me', headers: { cookie } },
      { method: 'GET' as const, url: '/api/whatever' },
      { method: 'POST' as const, url: '/api/v1/temp/login', payload: {} },
    ]) {
      expect((await app.inject(request)).headers['cache-control']).toBe('no-store');
    }
    expect((await app.inject({ method: 'GET', url: '/config.json' })).headers['cache-control']).toBe('no-cache');
  });

  it('errors never leak a stack trace', async () => {
    const { app } = await fixture.build();
    const response = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: { 'content-type': 'application/json' }, payload: '{bad json' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
    expect(response.body).not.toContain('node_modules');
  });

  it('server faults answer 500 {message} without details', async () => {
    const { app } = await fixture.build();
    app.get('/api/v1/temp/boom', async () => {
      throw new Error('secret internal detail');
    });
    const { cookie } = await signIn(app);
    const response = await app.inject({ method: 'GET', url: '/api/v1/temp/boom', headers: { cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
    expectSecurityHeaders(response, '500');
  });

  it('are on Fastify\'s own early answers: a malformed URL (400) and a body too large (413)', async () => {
    const { app } = await fixture.build();
    const badUrl = await app.inject({ method: 'GET', url: '/%c0%ae%c0%ae/x' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ message: expect.stringMatching(/url/i) });
    expectSecurityHeaders(badUrl, 'bad url');
    const badApiUrl = await app.inject({ method: 'GET', url: '/api/bi/v1/database/%c0%ae' });
    expect(badApiUrl.statusCode).toBe(400);
    expectSecurityHeaders(badApiUrl, 'bad api url');
    const { cookie } = await signIn(app);
    const tooLarge = await app.inject({ method: 'POST', url: '/api/v1/temp/login', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'x' }) });
    expect(tooLarge.statusCode).toBe(413);
    expectSecurityHeaders(tooLarge, '413');
  });

  it('add HSTS only when cookies are Secure (the console is served over HTTPS)', async () => {
    const plain = await fixture.build();
    expect((await plain.app.inject({ method: 'GET', url: '/healthz' })).headers).not.toHaveProperty('strict-transport-security');
    const secure = await fixture.build({ secureCookies: true });
    for (const url of ['/healthz', '/api/whatever', '/%c0%ae%c0%ae/x']) {
      expect((await secure.app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('are on the answer to a request Node\'s HTTP parser rejects (raw socket)', async () => {
    const { app } = await fixture.build({ secureCookies: true });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain(`content-security-policy: ${"default-src 'self'"}`);
    expect(raw).toContain('x-content-type-options: nosniff');
    expect(raw).toContain('strict-transport-security: max-age=31536000; includeSubDomains');
    expect(raw).toMatch(/\r\n\r\n\{"message":"Bad Request"\}$/);
  });
});
