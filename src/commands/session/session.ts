import { fromPromise, type ActorRefFrom } from 'xstate';
import type { authMachine, LoginFailure, SessionCheck } from '../../machines/auth.machine';
import type { ConsoleApi } from '../../sync/api/console.api';
import { httpStatus, isNetworkError, serverMessage } from '../../sync/api/http';
import type { Profile } from '../../sync/api/types';
import { readUserCookie, removeUserCookie } from '../../sync/userCookie';

export type AuthActor = ActorRefFrom<typeof authMachine>;

/** The auth machine's side effects, bound to the console API and the `user` cookie. */
export function authActors(api: ConsoleApi) {
  return {
    readUserCookie: fromPromise(async () => readUserCookie()),
    checkSession: fromPromise(async (): Promise<SessionCheck> => {
      try {
        return { kind: 'valid', user: await api.me() };
      } catch (error) {
        if (isNetworkError(error)) return { kind: 'unreachable' };
        if (httpStatus(error) === 401) {
          removeUserCookie();
          return { kind: 'rejected' };
        }
        throw error;
      }
    }),
    login: fromPromise(async ({ input }: { input: { username: string; password: string } }) => {
      try {
        return await api.login(input.username, input.password);
      } catch (error) {
        const status = httpStatus(error);
        // 429: too many attempts, or the server is busy; its message says how long to wait.
        if (status === 429) throw { reason: 'throttled', message: serverMessage(error) } satisfies LoginFailure;
        const failure: LoginFailure = {
          reason: status === 401 ? 'invalid' : isNetworkError(error) ? 'unreachable' : 'unknown',
        };
        throw failure;
      }
    }),
    logout: fromPromise(async () => {
      removeUserCookie();
      try {
        await api.logout();
      } catch {
        // Unreachable server: the profile cookie is gone and the server session simply expires.
      }
    }),
  };
}

/** The session domain's commands: signing in and out are messages to the auth actor. */
export function createAccountCommands(auth: AuthActor) {
  return {
    signIn: (username: string, password: string) => auth.send({ type: 'LOGIN', username, password }),
    signOut: () => auth.send({ type: 'LOGOUT' }),
  };
}

export type AccountCommands = ReturnType<typeof createAccountCommands>;

/** What a session that was opened hands back: what the screens use, and how to end it. */
export interface OpenSession<T> {
  value: T;
  close(): void;
}

/** The signed-in session as the UI follows it (useSyncExternalStore): null before it is open and after it closed. */
export interface Session<T> {
  current(): T | null;
  subscribe(listener: () => void): () => void;
}

/**
 * One signed-in user's session: opened (by `open`, which main.tsx builds) when the auth actor says
 * someone is signed in, closed when they sign out or the server ends the session. The per-user
 * pieces — the database, this tab's identity, the sync client, the sender — live and die with it.
 */
export function followSession<T>(auth: AuthActor, open: (user: Profile) => Promise<OpenSession<T>>): Session<T> & { stop(): void } {
  const listeners = new Set<() => void>();
  const state: { user: string | null; opening: Promise<OpenSession<T> | null> | null; open: OpenSession<T> | null } = { user: null, opening: null, open: null };
  const changed = () => listeners.forEach((listener) => listener());

  function close(): void {
    const opening = state.opening;
    state.user = null;
    state.opening = null;
    void opening?.then((session) => session?.close());
    if (state.open) {
      state.open = null;
      changed();
    }
  }

  function start(user: Profile): void {
    state.user = user.username;
    const opening = open(user).then(
      (session) => {
        if (state.opening !== opening) return session; // closed meanwhile: close() closes it
        state.open = session;
        changed();
        return session;
      },
      (error: unknown) => {
        console.error('The signed-in session could not be opened.', error);
        return null;
      },
    );
    state.opening = opening;
  }

  const follow = (snapshot: ReturnType<AuthActor['getSnapshot']>) => {
    const user = snapshot.matches('loggedIn') ? snapshot.context.user : null;
    if ((user?.username ?? null) === state.user) return;
    close();
    if (user) start(user);
  };
  const subscription = auth.subscribe(follow);
  follow(auth.getSnapshot());

  return {
    current: () => state.open?.value ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      subscription.unsubscribe();
      close();
    },
  };
}
