import type { FastifyReply } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { ConsoleConfig } from '../config';
import type { UserProfile } from './users';

export const SESSION_COOKIE = 'session';
export const USER_COOKIE = 'user';

function baseOptions(config: ConsoleConfig): CookieSerializeOptions {
  return { path: '/', sameSite: 'strict', secure: config.secureCookies };
}

/**
 * `session` carries the opaque token (httpOnly). `user` lets the client show who is signed
 * in without a request: public profile only, never a token or password.
 * @fastify/cookie URI-encodes values, so `user` holds encodeURIComponent(JSON).
 */
export function setSessionCookies(reply: FastifyReply, config: ConsoleConfig, token: string, user: UserProfile): void {
  const maxAge = config.sessionTtlSeconds;
  reply.setCookie(SESSION_COOKIE, token, { ...baseOptions(config), httpOnly: true, maxAge });
  reply.setCookie(USER_COOKIE, JSON.stringify(user), { ...baseOptions(config), httpOnly: false, maxAge });
}

export function clearSessionCookies(reply: FastifyReply, config: ConsoleConfig): void {
  reply.clearCookie(SESSION_COOKIE, { ...baseOptions(config), httpOnly: true });
  reply.clearCookie(USER_COOKIE, { ...baseOptions(config), httpOnly: false });
}
