import { describe, expect, it } from 'vitest';
import { cookieNamed, manualClock, signIn, useFixture } from '../testing/harness';

const fixture = useFixture();
const ME = '/api/v1/temp/me';

describe('sessions', () => {
  it('expire after the TTL (real time, 1 second)', async () => {
    const { app } = await fixture.build({ sessionTtlSeconds: 1 });
    const { cookie, response } = await signIn(app);
    expect(cookieNamed(response, 'session')?.maxAge).toBe(1);
    expect((await app.inject({ method: 'GET', url: ME, headers: { cookie } })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const expired = await app.inject({ method: 'GET', url: ME, headers: { cookie } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Not authenticated' });
  });

  it('slide: activity after half the TTL extends the session and re-sends the cookie', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({ sessionTtlSeconds: 100 }, { clock: clock.now });
    const { cookie } = await signIn(app);

    clock.advance(30_000);
    const early = await app.inject({ method: 'GET', url: ME, headers: { cookie } });
    expect(early.statusCode).toBe(200);
    expect(cookieNamed(early, 'session')).toBeUndefined();

    clock.advance(40_000); // 70 s used of 100: renewed until t = 170 s
    const renewed = await app.inject({ method: 'GET', url: ME, headers: { cookie } });
    expect(renewed.statusCode).toBe(200);
    expect(cookieNamed(renewed, 'session')).toMatchObject({ maxAge: 100, httpOnly: true });
    expect(cookieNamed(renewed, 'user')?.maxAge).toBe(100);

    clock.advance(90_000); // t = 160 s: past the original expiry, within the renewed one
    expect((await app.inject({ method: 'GET', url: ME, headers: { cookie } })).statusCode).toBe(200);

    clock.advance(101_000);
    expect((await app.inject({ method: 'GET', url: ME, headers: { cookie } })).statusCode).toBe(401);
  });

  it('survive an app restart on the same data directory', async () => {
    const first = await fixture.build();
    const { cookie } = await signIn(first.app);
    const dataDir = first.services.config.dataDir;
    await fixture.close(first.app);

    const second = await fixture.build({ dataDir });
    const me = await second.app.inject({ method: 'GET', url: ME, headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.username).toBe('admin');
  });

  it('store only the hash of the token', async () => {
    const { app, services } = await fixture.build();
    const { response } = await signIn(app);
    const token = cookieNamed(response, 'session')?.value ?? '';
    const rows = await services.store.all<{ id: string }>('SELECT id FROM sessions');
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toContain(token);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('purgeExpired deletes only expired sessions', async () => {
    const clock = manualClock();
    const { services } = await fixture.build({ sessionTtlSeconds: 10 }, { clock: clock.now });
    await services.sessions.create('admin');
    clock.advance(11_000);
    const fresh = await services.sessions.create('editor');
    await services.sessions.purgeExpired();
    const rows = await services.store.all<{ username: string }>('SELECT username FROM sessions');
    expect(rows).toEqual([{ username: 'editor' }]);
    expect(await services.sessions.lookup(fresh.token)).toMatchObject({ username: 'editor', renewed: false });
  });
});
