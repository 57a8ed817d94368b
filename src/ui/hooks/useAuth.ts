import { useSelector } from '@xstate/react';
import { useApp } from '../appContext';

export type AuthStatus = 'checking' | 'loggedOut' | 'authenticating' | 'loggedIn' | 'loggingOut';

/** The auth actor's state as the UI needs it; signing in and out are the account's commands. */
export function useAuth() {
  const { auth, account } = useApp();
  const status = useSelector(auth, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as AuthStatus);
  const user = useSelector(auth, (s) => s.context.user);
  const verified = useSelector(auth, (s) => s.context.verified);
  const error = useSelector(auth, (s) => s.context.error);
  const errorMessage = useSelector(auth, (s) => s.context.errorMessage);
  const expired = useSelector(auth, (s) => s.context.expired);
  return { status, user, verified, error, errorMessage, expired, signIn: account.signIn, signOut: account.signOut };
}
