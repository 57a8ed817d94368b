import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { authMachine, recheckDelayMs, type SessionCheck } from './auth.machine';
import type { Profile } from '../sync/api/types';

const admin: Profile = { username: 'admin', role: 'admin', firstName: 'Admin', lastName: 'User' };

interface Fakes {
  cookie?: Profile | null;
  check?: SessionCheck | Error;
  login?: Profile | { reason: string; message?: string };
  logout?: () => Promise<void>;
}

function start({ cookie = null, check = { kind: 'valid', user: admin }, login = admin, logout }: Fakes = {}) {
  const loginSpy = vi.fn();
  const logoutSpy = vi.fn(logout ?? (async () => {}));
  const machine = authMachine.provide({
    actors: {
      readUserCookie: fromPromise(async () => cookie),
      checkSession: fromPromise(async () => {
        if (check instanceof Error) throw check;
        return check;
      }),
      login: fromPromise(async ({ input }: { input: { username: string; password: string } }) => {
        loginSpy(input);
        if ('reason' in login) throw login;
        return login;
      }),
      logout: fromPromise(async () => logoutSpy()),
    },
  });
  const actor = createActor(machine).start();
  return { actor, loginSpy, logoutSpy };
}

const settled = (s: SnapshotFrom<typeof authMachine>) => !s.matches('checking') && !s.matches('authenticating');

/** Signed in from the cookie while the server was unreachable; `server.answer` is what later checks get. */
function startSignedInOffline(server: { answer: SessionCheck }) {
  const machine = authMachine.provide({
    actors: {
      readUserCookie: fromPromise(async (): Promise<Profile | null> => admin),
      checkSession: fromPromise(async () => server.answer),
    },
  });
  return createActor(machine).start();
}

describe('authMachine', () => {
  it('starts in checking', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('checking')).toBe(true);
  });

  it('no user cookie → loggedOut without asking the server', async () => {
    const { actor } = start({ cookie: null });
    const snap = await waitFor(actor, settled);
    expect(snap.value).toBe('loggedOut');
    expect(snap.context.user).toBeNull();
  });

  it('cookie confirmed by the server → loggedIn, verified', async () => {
    const { actor } = start({ cookie: admin, check: { kind: 'valid', user: { ...admin, firstName: 'Ada' } } });
    const snap = await waitFor(actor, settled);
    expect(snap.matches('loggedIn')).toBe(true);
    expect(snap.context.verified).toBe(true);
    expect(snap.context.user?.firstName).toBe('Ada');
  });

  it('offline start trusts the cookie and marks the session unverified', async () => {
    const { actor } = start({ cookie: admin, check: { kind: 'unreachable' } });
    const snap = await waitFor(actor, settled);
    expect(snap.matches('loggedIn')).toBe(true);
    expect(snap.context.verified).toBe(false);
    expect(snap.context.user).toEqual(admin);
  });

  it('cookie rejected by the server → loggedOut, user cleared', async () => {
    const { actor } = start({ cookie: admin, check: { kind: 'rejected' } });
    const snap = await waitFor(actor, settled);
    expect(snap.value).toBe('loggedOut');
    expect(snap.context.user).toBeNull();
  });

  it('an unexpected check failure keeps the cookie user, unverified', async () => {
    const { actor } = start({ cookie: admin, check: new Error('500') });
    const snap = await waitFor(actor, settled);
    expect(snap.matches('loggedIn')).toBe(true);
    expect(snap.context.verified).toBe(false);
  });

  it('loggedOut → authenticating → loggedIn on good credentials; the password is not kept', async () => {
    const { actor, loginSpy } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'LOGIN', username: 'admin', password: 's3cret' });
    expect(actor.getSnapshot().value).toBe('authenticating');
    const snap = await waitFor(actor, settled);
    expect(snap.matches('loggedIn')).toBe(true);
    expect(loginSpy).toHaveBeenCalledWith({ username: 'admin', password: 's3cret' });
    expect(JSON.stringify(snap.context)).not.toContain('s3cret');
  });

  it.each(['invalid', 'unreachable', 'unknown'] as const)('failed login (%s) → loggedOut with the reason', async (reason) => {
    const { actor } = start({ login: { reason } });
    await waitFor(actor, settled);
    actor.send({ type: 'LOGIN', username: 'admin', password: 'bad' });
    const snap = await waitFor(actor, settled);
    expect(snap.value).toBe('loggedOut');
    expect(snap.context.error).toBe(reason);
  });

  it('a refused login (429) keeps the server\'s words, e.g. how long to wait', async () => {
    const { actor } = start({ login: { reason: 'throttled', message: 'Too many failed sign-in attempts. Try again in 4 seconds.' } });
    await waitFor(actor, settled);
    actor.send({ type: 'LOGIN', username: 'admin', password: 'bad' });
    const snap = await waitFor(actor, settled);
    expect(snap.context.error).toBe('throttled');
    expect(snap.context.errorMessage).toBe('Too many failed sign-in attempts. Try again in 4 seconds.');
    actor.send({ type: 'LOGIN', username: 'admin', password: 'bad' });
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it('a new attempt clears the previous error', async () => {
    const { actor } = start({ login: { reason: 'invalid' } });
    await waitFor(actor, settled);
    actor.send({ type: 'LOGIN', username: 'a', password: 'b' });
    await waitFor(actor, settled);
    actor.send({ type: 'LOGIN', username: 'a', password: 'b' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('loggedIn → loggingOut → loggedOut', async () => {
    const { actor, logoutSpy } = start({ cookie: admin });
    await waitFor(actor, settled);
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    const snap = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(logoutSpy).toHaveBeenCalledOnce();
    expect(snap.context.user).toBeNull();
  });

  it('a failing logout still ends the local session', async () => {
    const { actor } = start({ cookie: admin, logout: async () => Promise.reject(new Error('offline')) });
    await waitFor(actor, settled);
    actor.send({ type: 'LOGOUT' });
    const snap = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snap.context.user).toBeNull();
  });

  it('SESSION_EXPIRED from an API 401 → loggedOut and marked expired', async () => {
    const { actor } = start({ cookie: admin });
    await waitFor(actor, settled);
    actor.send({ type: 'SESSION_EXPIRED' });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('loggedOut');
    expect(snap.context.expired).toBe(true);
  });

  it('ignores events that do not apply to the state', async () => {
    const { actor } = start();
    await waitFor(actor, settled);
    expect(actor.getSnapshot().can({ type: 'LOGOUT' })).toBe(false);
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('RECHECK while loggedIn verifies in place once the server answers', async () => {
    const server = { answer: { kind: 'unreachable' } as SessionCheck };
    const actor = startSignedInOffline(server);
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.verified).toBe(false);
    server.answer = { kind: 'unreachable' };
    actor.send({ type: 'RECHECK' });
    expect(actor.getSnapshot().matches({ loggedIn: 'rechecking' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ loggedIn: 'unverified' }));
    expect(actor.getSnapshot().context.verified).toBe(false);
    server.answer = { kind: 'valid', user: admin };
    actor.send({ type: 'RECHECK' });
    const snap = await waitFor(actor, (s) => s.matches({ loggedIn: 'idle' }) && s.context.verified);
    expect(snap.matches('loggedIn')).toBe(true);
  });

  it('RECHECK that the server rejects ends the session as expired', async () => {
    const server = { answer: { kind: 'unreachable' } as SessionCheck };
    const actor = startSignedInOffline(server);
    await waitFor(actor, settled);
    server.answer = { kind: 'rejected' };
    actor.send({ type: 'RECHECK' });
    const snap = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snap.context.expired).toBe(true);
    expect(snap.context.user).toBeNull();
  });

  it('waits longer after each unreachable check: 1 s, 2, 4, 8, then every 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(recheckDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('an unverified session asks the server again by itself, and is verified once it answers (no online event)', async () => {
    vi.useFakeTimers();
    try {
      const server = { answer: { kind: 'unreachable' } as SessionCheck };
      const checks = vi.fn(async () => server.answer);
      const machine = authMachine.provide({
        actors: { readUserCookie: fromPromise(async (): Promise<Profile | null> => admin), checkSession: fromPromise(checks) },
      });
      const actor = createActor(machine).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ loggedIn: 'unverified' })).toBe(true);
      expect(checks).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(checks).toHaveBeenCalledTimes(2);
      // Backoff: the next check waits 2 s.
      await vi.advanceTimersByTimeAsync(1999);
      expect(checks).toHaveBeenCalledTimes(2);
      server.answer = { kind: 'valid', user: admin };
      await vi.advanceTimersByTimeAsync(1);
      expect(checks).toHaveBeenCalledTimes(3);
      expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.verified).toBe(true);
      // Verified: no more checks.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(checks).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a verified session that finds the server unreachable on RECHECK stays verified and does not poll', async () => {
    vi.useFakeTimers();
    try {
      const server = { answer: { kind: 'valid', user: admin } as SessionCheck };
      const checks = vi.fn(async () => server.answer);
      const machine = authMachine.provide({
        actors: { readUserCookie: fromPromise(async (): Promise<Profile | null> => admin), checkSession: fromPromise(checks) },
      });
      const actor = createActor(machine).start();
      await vi.advanceTimersByTimeAsync(0);
      server.answer = { kind: 'unreachable' };
      actor.send({ type: 'RECHECK' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.verified).toBe(true);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(checks).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
