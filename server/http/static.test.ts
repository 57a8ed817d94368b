import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { CLIENT_NOT_BUILT } from './static';

const fixture = useFixture();
const INDEX = '<!doctype html><html><head><title>Console</title></head><body><div id="root"></div></body></html>';

async function builtClient(): Promise<string> {
  const dir = await fixture.tempDir();
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await writeFile(path.join(dir, 'assets', 'app-abc.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Console"}');
  return dir;
}

describe('static client', () => {
  it('answers index.html for / and client routes (SPA fallback)', async () => {
    const { app } = await fixture.build({ staticDir: await builtClient() });
    for (const url of ['/', '/admin/sql', '/notebooks/a/b?x=1', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    }
  });

  it('serves hashed assets as immutable and sw.js / manifest as no-cache', async () => {
    const { app } = await fixture.build({ staticDir: await builtClient() });
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a missing asset is a 404, not index.html', async () => {
    const { app } = await fixture.build({ staticDir: await builtClient() });
    const response = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('compresses when a client on another machine accepts it; not on loopback, where it only costs time', async () => {
    const { app } = await fixture.build({ staticDir: await builtClient() });
    const request = { method: 'GET', url: '/assets/app-abc.js', headers: { 'accept-encoding': 'br, gzip' } } as const;
    const remote = await app.inject({ ...request, remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(200);
    expect(remote.headers['content-encoding']).toBe('br');
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const local = await app.inject({ ...request, remoteAddress });
      expect(local.statusCode).toBe(200);
      expect(local.headers).not.toHaveProperty('content-encoding');
    }
  });

  it('unknown non-GET requests outside /api are 404 JSON', async () => {
    const { app } = await fixture.build({ staticDir: await builtClient() });
    const response = await app.inject({ method: 'POST', url: '/admin/sql', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('serves /config.json and a public /healthz', async () => {
    const { app } = await fixture.build();
    const config = await app.inject({ method: 'GET', url: '/config.json' });
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.json()).toEqual({
      apis: { console: '/api/v1/temp', auth: '/api/auth', notebook: '/api/notebook', bi: '/api/bi', workflow: '/api/workflow' },
      features: { workflowFilters: true, biTableSearch: true, biColumnSearch: true, biTablePreview: true, biFavourites: true },
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      // The upload dialog states the server's limit (CONSOLE_UPLOAD_MAX_MB, default 50).
      uploadMaxBytes: 50 * 1024 * 1024,
    });
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('/config.json (served before sign-in) says nothing of the data directory', async () => {
    const { app } = await fixture.build();
    const body = (await app.inject({ method: 'GET', url: '/config.json' })).body;
    expect(body).not.toContain(app.services.config.dataDir);
    expect(body).not.toContain('credentials');
  });

  it('/config.json states CONSOLE_UPLOAD_MAX_MB in bytes', async () => {
    const { app } = await fixture.build({ uploadMaxMb: 3 });
    expect((await app.inject({ method: 'GET', url: '/config.json' })).json().uploadMaxBytes).toBe(3 * 1024 * 1024);
  });

  it('without a built client the fallback answers 503 with instructions', async () => {
    const { app } = await fixture.build({ staticDir: path.join(await fixture.tempDir(), 'dist') });
    for (const url of ['/', '/admin/sql']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe(CLIENT_NOT_BUILT);
    }
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('source maps', () => {
  async function clientWithMap(): Promise<string> {
    const dir = await builtClient();
    await writeFile(path.join(dir, 'assets', 'app-abc.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
    await writeFile(path.join(dir, 'sw.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
    return dir;
  }

  it('are not served unless CONSOLE_SOURCE_MAPS=true', async () => {
    const { app } = await fixture.build({ staticDir: await clientWithMap() });
    for (const url of ['/assets/app-abc.js.map', '/assets/app-abc.js.MAP', '/assets/app-abc.js.map?x=1', '/assets/%61pp-abc.js.map', '/sw.js.map']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret.ts');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/app-abc.js' })).statusCode).toBe(200);
  });

  it('are served when enabled', async () => {
    const { app } = await fixture.build({ staticDir: await clientWithMap(), sourceMaps: true });
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc.js.map' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('secret.ts');
  });
});
