import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserStore } from '../auth/users';

/** app.inject sends nothing until its answer is awaited; this sends the request now (for bursts). */
export function sendNow(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject(options).then((response) => response);
}

export interface HeldHashes {
  /** How many password checks have started (each one is an scrypt hash). */
  started(): number;
  /** Lets every held check, and every later one, run. */
  release(): void;
}

/**
 * Holds every password check of `users` until release(): the checks that start stay
 * "running", so tests see exactly what the sign-in limits and the hash cap let through.
 */
export function holdHashes(users: UserStore): HeldHashes {
  let started = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const verify = users.verifyCredentials.bind(users);
  users.verifyCredentials = async (username, password) => {
    started += 1;
    await released;
    return verify(username, password);
  };
  return { started: () => started, release };
}
