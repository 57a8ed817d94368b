import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type SessionCheck } from '../../machines/auth.machine';
import type { Profile } from '../../sync/api/types';
import { createAccountCommands, followSession, type OpenSession } from './session';

const ann: Profile = { username: 'ann', role: 'admin', firstName: 'Ann', lastName: 'A' };
const bob: Profile = { username: 'bob', role: 'editor', firstName: 'Bob', lastName: 'B' };

/** The real auth machine with a server that knows `users` (password = username). */
function authWith(cookie: Profile | null = null) {
  const users = [ann, bob];
  return createActor(
    authMachine.provide({
      actors: {
        readUserCookie: fromPromise(async () => cookie),
        checkSession: fromPromise(async (): Promise<SessionCheck> => (cookie ? { kind: 'valid', user: cookie } : { kind: 'rejected' })),
        login: fromPromise(async ({ input }: { input: { username: string; password: string } }) => {
          const user = users.find((u) => u.username === input.username && input.password === u.username);
          if (!user) throw { reason: 'invalid' };
          return user;
        }),
        logout: fromPromise(async () => {}),
      },
    }),
  ).start();
}

const signedOut = (auth: ReturnType<typeof authWith>) => vi.waitFor(() => expect(auth.getSnapshot().matches('loggedOut')).toBe(true));

function opener() {
  const opened: { user: string; closed: boolean }[] = [];
  const open = vi.fn(async (user: Profile): Promise<OpenSession<string>> => {
    const entry = { user: user.username, closed: false };
    opened.push(entry);
    return { value: `session of ${user.username}`, close: () => void (entry.closed = true) };
  });
  return { opened, open };
}

describe('the signed-in session', () => {
  it('opens when someone signs in and closes when they sign out', async () => {
    const auth = authWith();
    const { opened, open } = opener();
    const session = followSession(auth, open);
    const changes = vi.fn();
    session.subscribe(changes);
    expect(session.current()).toBeNull();
    await signedOut(auth);
    createAccountCommands(auth).signIn('ann', 'ann');
    await vi.waitFor(() => expect(session.current()).toBe('session of ann'));
    expect(changes).toHaveBeenCalled();
    createAccountCommands(auth).signOut();
    await vi.waitFor(() => expect(session.current()).toBeNull());
    expect(opened).toEqual([{ user: 'ann', closed: true }]);
    session.stop();
  });

  it('opens for a session found in the cookie at boot, once, and closes when the server ends it', async () => {
    const auth = authWith(ann);
    const { opened, open } = opener();
    const session = followSession(auth, open);
    await vi.waitFor(() => expect(session.current()).toBe('session of ann'));
    auth.send({ type: 'RECHECK' });
    auth.send({ type: 'SESSION_EXPIRED' });
    await vi.waitFor(() => expect(session.current()).toBeNull());
    expect(open).toHaveBeenCalledOnce();
    expect(opened).toEqual([{ user: 'ann', closed: true }]);
    session.stop();
  });

  it('a session still opening when the user signs out is closed as soon as it is open', async () => {
    const auth = authWith();
    let finish: () => void = () => {};
    const closed = vi.fn();
    const session = followSession(auth, () => new Promise<OpenSession<string>>((resolve) => (finish = () => resolve({ value: 'late', close: closed }))));
    await signedOut(auth);
    createAccountCommands(auth).signIn('ann', 'ann');
    await vi.waitFor(() => expect(auth.getSnapshot().matches('loggedIn')).toBe(true));
    createAccountCommands(auth).signOut();
    await vi.waitFor(() => expect(auth.getSnapshot().matches('loggedOut')).toBe(true));
    finish();
    await vi.waitFor(() => expect(closed).toHaveBeenCalledOnce());
    expect(session.current()).toBeNull();
    session.stop();
  });
});
