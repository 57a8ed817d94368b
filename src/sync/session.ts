import { fromPromise } from 'xstate';
import type { LoginFailure, SessionCheck } from '../machines/auth.machine';
import type { ConsoleApi } from './api/console.api';
import { httpStatus, isNetworkError, serverMessage } from './api/http';
import { readUserCookie, removeUserCookie } from './userCookie';

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
