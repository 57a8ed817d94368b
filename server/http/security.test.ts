import { mkdir, writeFile } from 'node:fs/promises';
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
});
