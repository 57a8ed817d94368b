import type { AxiosInstance } from 'axios';
import { isProfile, type Profile } from './types';

/** The console's own sign-in API (the seed's `/api/v1/temp`). */
export interface ConsoleApi {
  login(username: string, password: string): Promise<Profile>;
  logout(): Promise<void>;
  me(): Promise<Profile>;
}

function profileFrom(body: unknown): Profile {
  const data = (body as { data?: unknown } | null)?.data;
  if (!isProfile(data)) throw new Error('The server answered with an unexpected profile.');
  return data;
}

export function createConsoleApi(http: AxiosInstance): ConsoleApi {
  return {
    async login(username, password) {
      const res = await http.post('/login', { username, password }, { skipAuthRedirect: true });
      return profileFrom(res.data);
    },
    async logout() {
      await http.post('/logout', {}, { skipAuthRedirect: true });
    },
    async me() {
      const res = await http.get('/me', { skipAuthRedirect: true });
      return profileFrom(res.data);
    },
  };
}
