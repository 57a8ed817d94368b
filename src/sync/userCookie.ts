import { isProfile, type Profile } from './api/types';

/** Parses the `user` cookie (set by the server at sign-in) out of a document.cookie string. */
export function parseUserCookie(cookieHeader: string): Profile | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== 'user') continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(rest.join('=')));
      return isProfile(value) ? pickProfile(value) : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Keeps only public profile fields, whatever else a cookie might carry. */
function pickProfile(p: Profile): Profile {
  const { username, role, firstName, lastName, email } = p;
  return email === undefined ? { username, role, firstName, lastName } : { username, role, firstName, lastName, email };
}

export function readUserCookie(): Profile | null {
  return parseUserCookie(document.cookie);
}

/** The server clears it on logout too; this covers signing out while the server is unreachable. */
export function removeUserCookie(): void {
  document.cookie = 'user=; Max-Age=0; Path=/; SameSite=Strict';
}
