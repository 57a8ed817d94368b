import { describe, expect, it } from 'vitest';
import { openStore } from '../store/db';
import { countingStore } from '../testing/counting';
import { cookieNamed, manualClock, signIn, useFixture } from '../testing/harness';
import { RENEWAL_INTERVAL_MS, SessionStore } from './sessions';

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
    await services.sessions.create('admin', 0);
    clock.advance(11_000);
    const fresh = await services.sessions.create('editor', 0);
    await services.sessions.purgeExpired();
    const rows = await services.store.all<{ username: string }>('SELECT username FROM sessions');
    expect(rows).toEqual([{ username: 'editor' }]);
    expect(await services.sessions.lookup(fresh.token)).toMatchObject({ username: 'editor', renewed: false });
  });
});

/** A session store over a counting wrapper, so tests see which lookups query DuckDB. */
async function countedSessions(ttlSeconds: number, clock = manualClock()) {
  const store = await openStore(await fixture.tempDir());
  const counted = countingStore(store);
  return { store, counted, clock, sessions: new SessionStore(counted, ttlSeconds, clock.now) };
}

describe('session cache', () => {
  it('answers known sessions from memory, and reads one it does not know once', async () => {
    const { store, counted, clock, sessions } = await countedSessions(3600);
    const created = await sessions.create('admin', 0);
    for (let request = 0; request < 5; request++) expect(await sessions.lookup(created.token)).toMatchObject({ username: 'admin' });
    expect(counted.count('SELECT')).toBe(0);

    // Another instance on the same table (as after a restart) reads it once, then remembers it.
    const restarted = new SessionStore(counted, 3600, clock.now);
    for (let request = 0; request < 3; request++) expect(await restarted.lookup(created.token)).toMatchObject({ username: 'admin' });
    expect(counted.count('SELECT')).toBe(1);

    // Unknown tokens are asked for every time (nothing is remembered about them).
    const unknown = 'A'.repeat(43);
    expect(await sessions.lookup(unknown)).toBeNull();
    expect(await sessions.lookup(unknown)).toBeNull();
    expect(counted.count('SELECT')).toBe(3);
    await store.close();
  });

  it('logout removes the session from memory and the table', async () => {
    const { app, services } = await fixture.build();
    const { cookie } = await signIn(app);
    const me = () => app.inject({ method: 'GET', url: ME, headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/v1/temp/logout', headers: { cookie } });
    expect((await me()).statusCode).toBe(401);
    expect(await services.store.all('SELECT id FROM sessions')).toEqual([]);
  });

  it('respects the expiry of a remembered session with the injected clock', async () => {
    const { store, counted, clock, sessions } = await countedSessions(100);
    const created = await sessions.create('admin', 0);
    clock.advance(40_000);
    expect(await sessions.lookup(created.token)).toMatchObject({ username: 'admin', renewed: false });
    clock.advance(60_000); // exactly at the expiry
    expect(await sessions.lookup(created.token)).toBeNull();
    expect(await store.all('SELECT id FROM sessions')).toEqual([]);
    expect(counted.count('SELECT')).toBe(0);
    await store.close();
  });

  it('purging expired sessions forgets them', async () => {
    const { store, counted, clock, sessions } = await countedSessions(10);
    const old = await sessions.create('admin', 0);
    clock.advance(11_000);
    const fresh = await sessions.create('editor', 0);
    await sessions.purgeExpired();
    expect(await sessions.lookup(fresh.token)).toMatchObject({ username: 'editor' });
    expect(counted.count('SELECT')).toBe(0);
    expect(await sessions.lookup(old.token)).toBeNull();
    expect(counted.count('SELECT')).toBe(1); // no longer in memory: read, and not found
    await store.close();
  });

  it('writes a sliding renewal at most once a minute, and persists it', async () => {
    const { store, counted, clock, sessions } = await countedSessions(100);
    const { token } = await sessions.create('admin', 0);
    const updates = () => counted.count('UPDATE');

    clock.advance(55_000); // over half the TTL used, but written only 55 s ago
    expect(await sessions.lookup(token)).toMatchObject({ renewed: false });
    expect(updates()).toBe(0);

    clock.advance(RENEWAL_INTERVAL_MS - 55_000);
    const renewed = await sessions.lookup(token);
    expect(renewed).toMatchObject({ renewed: true, expiresAt: clock.now() + 100_000 });
    expect(updates()).toBe(1);
    for (const step of [1_000, 30_000, 25_000]) {
      clock.advance(step);
      expect(await sessions.lookup(token)).toMatchObject({ renewed: false });
    }
    expect(updates()).toBe(1);

    clock.advance(5_000); // 61 s after the renewal, 39 s left
    expect(await sessions.lookup(token)).toMatchObject({ renewed: true });
    expect(updates()).toBe(2);
    const [row] = await store.all<{ expires_at: bigint }>('SELECT expires_at FROM sessions');
    expect(Number(row.expires_at)).toBe(clock.now() + 100_000);
    await store.close();
  });

  it('a renewal racing a sign-out does not bring the session back', async () => {
    const { store, clock, sessions } = await countedSessions(100);
    const { token } = await sessions.create('admin', 0);
    clock.advance(61_000); // the next lookup renews
    const [, raced] = await Promise.all([sessions.destroy(token), sessions.lookup(token)]);
    expect(raced).toBeNull();
    expect(await sessions.lookup(token)).toBeNull();
    expect(await store.all('SELECT id FROM sessions')).toEqual([]);
    await store.close();
  });

  it('long sessions still renew once half their time is used, then not again for a while', async () => {
    const { store, counted, clock, sessions } = await countedSessions(8 * 3600);
    const { token } = await sessions.create('admin', 0);
    clock.advance(4 * 3600_000 + 1);
    expect(await sessions.lookup(token)).toMatchObject({ renewed: true });
    for (let minute = 0; minute < 60; minute++) {
      clock.advance(60_000);
      expect(await sessions.lookup(token)).toMatchObject({ renewed: false });
    }
    expect(counted.count('UPDATE')).toBe(1);
    await store.close();
  });
});
