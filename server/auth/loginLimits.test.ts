import { describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, manualClock, useFixture } from '../testing/harness';
import { holdHashes, sendNow } from '../testing/heldHashes';

const fixture = useFixture();
const LOGIN = '/api/v1/temp/login';
const TOKEN_URL = '/api/auth/realms/dataplatform/protocol/openid-connect/token';
const BI_LOGIN = '/api/bi/v1/security/login';

function login(app: FastifyInstance, username: string, password: string, ip = '127.0.0.1') {
  return sendNow(app, { method: 'POST', url: LOGIN, payload: { username, password }, remoteAddress: ip });
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const count = (responses: LightMyRequestResponse[], status: number) => statuses(responses).filter((code) => code === status).length;

describe('sign-in limits', () => {
  it('count each attempt before the password is checked: a burst of 300 gets 5 checks, and a right password in it resets nothing', async () => {
    const clock = manualClock();
    const { app, services } = await fixture.build({}, { clock: clock.now });
    // Checks are held until the whole burst has arrived, as when hashing is slow under load.
    const held = holdHashes(services.users);
    const burst = Array.from({ length: 300 }, (_, index) => login(app, 'admin', index === 2 ? ADMIN_PASSWORD : `wrong-${index}`));
    const refused = await Promise.all(burst.slice(5));
    expect(count(refused, 429)).toBe(295);
    expect(refused[0].headers['retry-after']).toBe('1');
    expect(refused[0].json().message).toMatch(/too many failed sign-in attempts.*1 second/i);
    held.release();
    const checked = await Promise.all(burst.slice(0, 5));
    expect(statuses(checked)).toEqual([401, 401, 200, 401, 401]);
    // The four failures of the burst still count after the success: one more and the delay starts.
    expect((await login(app, 'admin', 'wrong-again')).statusCode).toBe(401);
    const after = await login(app, 'admin', 'wrong-once-more');
    expect(after.statusCode).toBe(429);
    expect(after.headers['retry-after']).toBe('1');
  });

  it('delays grow after five failures (1 s, 2 s, 4 s … capped at 15 minutes) and a success clears them', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    for (let attempt = 1; attempt <= 5; attempt++) expect((await login(app, 'admin', `wrong-${attempt}`)).statusCode).toBe(401);
    const waits: string[] = [];
    for (let round = 0; round < 12; round++) {
      const blocked = await login(app, 'admin', 'wrong');
      expect(blocked.statusCode).toBe(429);
      waits.push(String(blocked.headers['retry-after']));
      clock.advance(Number(blocked.headers['retry-after']) * 1000);
      expect((await login(app, 'admin', 'wrong')).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '64', '128', '256', '512', '900', '900']);
    // The right password after the wait signs in and clears this address's delay for the user.
    clock.advance(900_000);
    expect((await login(app, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, 'admin', 'wrong')).statusCode).toBe(401);
  });

  it("another address hammering a user does not lock out the user's own address", async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    const attacks = await Promise.all(Array.from({ length: 100 }, (_, index) => login(app, 'admin', `guess-${index}`, '203.0.113.7')));
    expect(count(attacks, 401)).toBe(5);
    expect(count(attacks, 429)).toBe(95);
    expect((await login(app, 'admin', ADMIN_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    // The attacking address stays delayed, also for the right password.
    expect((await login(app, 'admin', ADMIN_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
  });

  it('limit one address across user names (a spray of names)', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    const spray: LightMyRequestResponse[] = [];
    for (let index = 0; index < 60; index++) spray.push(await login(app, `user-${index}`, 'password', '203.0.113.8'));
    expect(count(spray, 401)).toBe(20);
    expect(count(spray, 429)).toBe(40);
    expect((await login(app, 'editor', EDITOR_PASSWORD, '203.0.113.8')).statusCode).toBe(429);
    expect((await login(app, 'editor', EDITOR_PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });

  it('a user attacked from many addresses: past the name\'s budget new addresses wait, for that name only; the user\'s own address signs in', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    // The admin signed in from home before the attack.
    expect((await login(app, 'admin', ADMIN_PASSWORD, '198.51.100.22')).statusCode).toBe(200);
    // 60 addresses, one wrong guess each: under every per-address limit; the name's budget lets ten be checked.
    const guesses: LightMyRequestResponse[] = [];
    for (let index = 0; index < 60; index++) guesses.push(await login(app, 'admin', 'guess', `10.0.${index}.1`));
    expect(count(guesses, 401)).toBe(9);
    expect(count(guesses, 429)).toBe(51);
    const refused = guesses[59];
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().message).toMatch(/too many sign-in attempts for this user name.*5 seconds/i);
    // Also for the right password from a new address; not from home, nor for another name.
    expect((await login(app, 'admin', ADMIN_PASSWORD, '198.51.100.23')).statusCode).toBe(429);
    expect((await login(app, 'admin', ADMIN_PASSWORD, '198.51.100.22')).statusCode).toBe(200);
    expect((await login(app, 'editor', EDITOR_PASSWORD, '198.51.100.24')).statusCode).toBe(200);
    // The budget refills: one check every 5 s.
    clock.advance(5_000);
    expect((await login(app, 'admin', ADMIN_PASSWORD, '198.51.100.23')).statusCode).toBe(200);
  });

  it('a flood of made-up names from many addresses spends one budget for all: past it, new addresses are told the server is busy', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    expect((await login(app, 'editor', EDITOR_PASSWORD, '198.51.100.30')).statusCode).toBe(200);
    const flood: LightMyRequestResponse[] = [];
    for (let index = 0; index < 40; index++) flood.push(await login(app, `nobody-${index}`, 'x', `10.2.${index}.1`));
    expect(count(flood, 401)).toBe(29);
    expect(count(flood, 429)).toBe(11);
    expect(flood[39].json().message).toMatch(/busy/i);
    expect(flood[39].headers['retry-after']).toBe('1');
    // A known name from a new address gets the same answer as a made-up one.
    const known = await login(app, 'admin', ADMIN_PASSWORD, '198.51.100.31');
    expect(known.statusCode).toBe(429);
    expect(known.json()).toEqual(flood[39].json());
    // Where the user signed in before, sign-in goes on.
    expect((await login(app, 'editor', EDITOR_PASSWORD, '198.51.100.30')).statusCode).toBe(200);
    clock.advance(1_000);
    expect((await login(app, 'admin', ADMIN_PASSWORD, '198.51.100.31')).statusCode).toBe(200);
  });

  it('apply to the OIDC token endpoint and the Superset login, with Retry-After', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    const form = (password: string) => new URLSearchParams({ grant_type: 'password', client_id: 'c', username: 'admin', password }).toString();
    const oidc = await Promise.all(
      Array.from({ length: 10 }, () => sendNow(app, { method: 'POST', url: TOKEN_URL, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form('wrong') })),
    );
    expect(count(oidc, 401)).toBe(5);
    const refused = oidc.find((answer) => answer.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.json()).toMatchObject({ error: 'invalid_grant' });

    const bi = await app.inject({ method: 'POST', url: BI_LOGIN, payload: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db' } });
    expect(bi.statusCode).toBe(429);
    expect(bi.headers['retry-after']).toBe('1');
    expect(bi.json().message).toMatch(/too many/i);
  });

  it('count per client address behind a trusted proxy (X-Forwarded-For), and ignore the header otherwise', async () => {
    const clock = manualClock();
    const viaProxy = (app: FastifyInstance, client: string, password: string) =>
      sendNow(app, { method: 'POST', url: LOGIN, payload: { username: 'admin', password }, remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': client } });
    const trusted = await fixture.build({ trustProxy: ['10.9.9.9'] }, { clock: clock.now });
    for (let index = 0; index < 6; index++) await viaProxy(trusted.app, '203.0.113.50', 'wrong');
    expect((await viaProxy(trusted.app, '203.0.113.50', ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await viaProxy(trusted.app, '198.51.100.50', ADMIN_PASSWORD)).statusCode).toBe(200);

    const untrusted = await fixture.build({}, { clock: clock.now });
    for (let index = 0; index < 6; index++) await viaProxy(untrusted.app, `203.0.113.${index}`, 'wrong');
    expect((await viaProxy(untrusted.app, '198.51.100.50', ADMIN_PASSWORD)).statusCode).toBe(429);
  });
});
