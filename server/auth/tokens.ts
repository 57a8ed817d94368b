import { createHmac, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { systemClock, type Clock } from '../util/clock';
import type { Role } from '../../contracts/session';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  sub: string;
  role: Role;
  typ: TokenType;
  /** Token family (server-side, see TokenFamilies): kept across refreshes, reported as Keycloak's session_state. */
  sid: string;
  /** Refresh tokens only: which refresh token of the family this is (rotation). */
  jti?: string;
  exp: number;
}

export interface TokenSubject {
  username: string;
  role: Role;
}

export const SECRET_KEY_FILE = 'secret.key';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ISSUER = 'data-platform-console';
const KEY_BYTES = 32;

const TTL: Record<TokenType, number> = { access: ACCESS_TOKEN_TTL_SECONDS, refresh: REFRESH_TOKEN_TTL_SECONDS };

/** HS256 JWTs signed with a per-installation key kept in <data>/secret.key. */
export class TokenService {
  private constructor(
    private readonly key: Uint8Array,
    /** Separate key derived for CSRF tokens, so the two uses never share a MAC key. */
    readonly csrfKey: Buffer,
    private readonly clock: Clock,
  ) {}

  static async open(dataDir: string, clock: Clock = systemClock): Promise<TokenService> {
    const key = await loadOrCreateKey(path.join(dataDir, SECRET_KEY_FILE));
    const csrfKey = createHmac('sha256', key).update('csrf-token-v1').digest();
    return new TokenService(new Uint8Array(key), csrfKey, clock);
  }

  ttlSeconds(typ: TokenType): number {
    return TTL[typ];
  }

  issue(subject: TokenSubject, typ: TokenType, sid: string, jti?: string): Promise<string> {
    const now = Math.floor(this.clock() / 1000);
    const jwt = new SignJWT({ role: subject.role, typ, sid });
    if (jti !== undefined) jwt.setJti(jti);
    return jwt
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.username)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + TTL[typ])
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token of the expected type; null otherwise. */
  async verify(token: string, typ: TokenType): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: new Date(this.clock()),
      });
      const { sub, role, sid, exp, jti } = payload;
      if (payload.typ !== typ || typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
      if (role !== 'admin' && role !== 'editor') return null;
      return jti === undefined ? { sub, role, typ, sid, exp } : { sub, role, typ, sid, exp, jti };
    } catch {
      return null;
    }
  }
}

async function loadOrCreateKey(file: string): Promise<Buffer> {
  try {
    const key = await readFile(file);
    if (key.length !== KEY_BYTES) throw new Error(`${file} must hold exactly ${KEY_BYTES} bytes; delete it to create a new key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(KEY_BYTES);
  // 'wx' refuses to replace a key another process created in the meantime.
  await writeFile(file, key, { mode: 0o600, flag: 'wx' });
  return key;
}
