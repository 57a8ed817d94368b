import type { FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import type { SignInFailure } from '../../machines/auth.machine';
import { Loading } from '../components/Loading';
import { Logo, PRODUCT_NAME } from '../components/Logo';
import { useAuth } from '../hooks/useAuth';
import { afterLoginPath } from '../routing/redirects';

const failureText: Record<SignInFailure, string> = {
  invalid: 'Invalid username or password',
  throttled: 'Too many sign-in attempts. Wait a little, then try again.',
  unreachable: 'Cannot reach the console server. Check your connection and try again.',
  unknown: 'Sign-in failed. Try again in a moment.',
};

export function LoginPage() {
  const { status, error, errorMessage, expired, signIn } = useAuth();
  const [params] = useSearchParams();
  if (status === 'loggedIn') return <Navigate to={afterLoginPath(params.get('returnTo'))} replace />;
  if (status === 'checking') return <Loading label="Checking your session…" />;

  const busy = status === 'authenticating' || status === 'loggingOut';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
  };

  return (
    <div className="login-screen">
      <form className="login-card" onSubmit={onSubmit} aria-labelledby="login-heading">
        <div className="login-brand">
          <Logo size={40} />
          <h1 id="login-heading">
            <span className="login-kicker">Log in to</span>
            <span className="login-product">{PRODUCT_NAME}</span>
          </h1>
        </div>
        {expired && !error && (
          <p className="notice" role="status">
            Your session has expired. Sign in again — your drafts are kept.
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error === 'throttled' && errorMessage ? errorMessage : failureText[error]}
          </p>
        )}
        <label className="field">
          <span>Username</span>
          <input name="username" autoComplete="username" placeholder="Enter your username" autoFocus disabled={busy} />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            disabled={busy}
          />
        </label>
        <button type="submit" className="button primary block" disabled={busy}>
          {status === 'authenticating' ? 'Signing in…' : 'Sign In'}
        </button>
        <p className="login-help muted">
          The first start of the console server prints the passwords of <code>admin</code> and <code>editor</code> and
          keeps them in <code>credentials.txt</code> in its data directory.
        </p>
      </form>
    </div>
  );
}
