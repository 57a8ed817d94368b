import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './start';
import { ADMIN_PASSWORD, useFixture } from './testing/harness';

const fixture = useFixture();

describe('startServer (real HTTP)', () => {
  it('listens on an ephemeral port, signs in over HTTP and shuts down cleanly', async () => {
    const config = await fixture.config({ port: 0, dataDir: path.join(await fixture.tempDir(), 'nested', 'data') });
    const server = await startServer(config);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.displayUrl).toMatch(/^http:\/\/localhost:\d+$/);
      expect((await stat(config.dataDir)).isDirectory()).toBe(true);
      expect((await stat(path.join(config.dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);

      const health = await fetch(`${server.url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });

      const login = await fetch(`${server.url}/api/v1/temp/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
      const me = await fetch(`${server.url}/api/v1/temp/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(me.headers.get('content-security-policy')).toContain("default-src 'self'");
      // main.ts prints a line when this settles: the demo warehouse is prepared in the background.
      expect(await server.warehouseReady).toEqual({ source: 'cache', ms: expect.any(Number) });
    } finally {
      await fixture.close(server.app);
    }
  });
});
