import { assign, fromPromise, setup } from 'xstate';
import type { Profile } from '../sync/api/types';

export type SignInFailure = 'invalid' | 'throttled' | 'unreachable' | 'unknown';

export interface AuthContext {
  user: Profile | null;
  /** False when the session comes from the cookie alone because the server could not be asked. */
  verified: boolean;
  error: SignInFailure | null;
  /** The server's own words for a refused sign-in (how long to wait), when it gave them. */
  errorMessage: string | null;
  /** Set when the server ended the session, so the login page can say why. */
  expired: boolean;
  /** Checks in a row that found the server unreachable while the session was unverified (the backoff). */
  recheckAttempts: number;
}

export type AuthEvent =
  | { type: 'LOGIN'; username: string; password: string }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'RECHECK' };

/** What the session check found on the server. */
export type SessionCheck = { kind: 'valid'; user: Profile } | { kind: 'rejected' } | { kind: 'unreachable' };

export interface LoginFailure {
  reason: SignInFailure;
  message?: string;
}

/** While unverified, ask the server again after 1 s, 2, 4, 8, then every 10 s. */
export const RECHECK_BASE_MS = 1000;
export const RECHECK_MAX_MS = 10_000;

export function recheckDelayMs(attempts: number): number {
  return Math.min(RECHECK_BASE_MS * 2 ** attempts, RECHECK_MAX_MS);
}

function notProvided(name: string): never {
  throw new Error(`authMachine: the "${name}" actor must be provided`);
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    readUserCookie: fromPromise<Profile | null>(async () => notProvided('readUserCookie')),
    checkSession: fromPromise<SessionCheck>(async () => notProvided('checkSession')),
    login: fromPromise<Profile, { username: string; password: string }>(async () => notProvided('login')),
    logout: fromPromise<void>(async () => notProvided('logout')),
  },
  delays: {
    recheckDelay: ({ context }) => recheckDelayMs(context.recheckAttempts),
  },
}).createMachine({
  id: 'auth',
  context: { user: null, verified: false, error: null, errorMessage: null, expired: false, recheckAttempts: 0 },
  initial: 'checking',
  states: {
    checking: {
      initial: 'readingCookie',
      states: {
        readingCookie: {
          invoke: {
            src: 'readUserCookie',
            onDone: [
              { guard: ({ event }) => event.output !== null, target: 'confirming', actions: assign({ user: ({ event }) => event.output }) },
              { target: '#auth.loggedOut' },
            ],
            onError: { target: '#auth.loggedOut' },
          },
        },
        confirming: {
          invoke: {
            src: 'checkSession',
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'valid',
                target: '#auth.loggedIn',
                actions: assign({
                  user: ({ event }) => (event.output.kind === 'valid' ? event.output.user : null),
                  verified: true,
                }),
              },
              // Offline start: trust the cookie so drafts stay reachable; the server decides later.
              { guard: ({ event }) => event.output.kind === 'unreachable', target: '#auth.loggedIn', actions: assign({ verified: false }) },
              { target: '#auth.loggedOut', actions: assign({ user: null }) },
            ],
            onError: { target: '#auth.loggedIn', actions: assign({ verified: false }) },
          },
        },
      },
    },
    loggedOut: {
      on: {
        LOGIN: { target: 'authenticating' },
      },
    },
    authenticating: {
      entry: assign({ error: null, errorMessage: null }),
      invoke: {
        src: 'login',
        // The password travels in the event only; it is never kept in context.
        input: ({ event }) =>
          event.type === 'LOGIN' ? { username: event.username, password: event.password } : { username: '', password: '' },
        onDone: {
          target: 'loggedIn',
          actions: assign({ user: ({ event }) => event.output, verified: true, error: null, expired: false }),
        },
        onError: {
          target: 'loggedOut',
          actions: assign({ error: ({ event }) => reasonOf(event.error), errorMessage: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    loggedIn: {
      initial: 'entering',
      entry: assign({ recheckAttempts: 0 }),
      on: {
        LOGOUT: { target: 'loggingOut' },
        SESSION_EXPIRED: { target: 'loggedOut', actions: assign({ user: null, verified: false, expired: true }) },
      },
      states: {
        entering: {
          always: [{ guard: ({ context }) => context.verified, target: 'idle' }, { target: 'unverified' }],
        },
        idle: {
          on: { RECHECK: { target: 'rechecking' } },
        },
        // Trusted from the cookie alone: keep asking (with backoff) until the server answers. The
        // browser's 'online' event (RECHECK) is not enough: the server can come back while the network never left.
        unverified: {
          after: { recheckDelay: { target: 'rechecking' } },
          on: { RECHECK: { target: 'rechecking' } },
        },
        // Asks the server again without leaving loggedIn, so open pages stay mounted.
        rechecking: {
          invoke: {
            src: 'checkSession',
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'valid',
                target: 'idle',
                actions: assign({
                  user: ({ context, event }) => (event.output.kind === 'valid' ? event.output.user : context.user),
                  verified: true,
                }),
              },
              { guard: ({ event }) => event.output.kind === 'unreachable', target: 'stillUnreachable' },
              { target: '#auth.loggedOut', actions: assign({ user: null, verified: false, expired: true }) },
            ],
            onError: { target: 'stillUnreachable' },
          },
        },
        stillUnreachable: {
          always: [
            { guard: ({ context }) => context.verified, target: 'idle' },
            { target: 'unverified', actions: assign({ recheckAttempts: ({ context }) => context.recheckAttempts + 1 }) },
          ],
        },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        onDone: { target: 'loggedOut', actions: assign({ user: null, verified: false, error: null, expired: false }) },
        onError: { target: 'loggedOut', actions: assign({ user: null, verified: false, error: null, expired: false }) },
      },
    },
  },
});

function reasonOf(error: unknown): SignInFailure {
  const reason = (error as Partial<LoginFailure> | null)?.reason;
  return reason === 'invalid' || reason === 'throttled' || reason === 'unreachable' ? reason : 'unknown';
}

function messageOf(error: unknown): string | null {
  const message = (error as Partial<LoginFailure> | null)?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}
