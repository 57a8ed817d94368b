import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../util/clock';
import type { TokenFamilies } from './families';
import type { TokenService, TokenType } from './tokens';
import type { UserProfile, UserStore } from './users';

export interface IssuedTokens {
  accessToken: string;
  /** Absent when the sign-in asked for an access token only. */
  refreshToken?: string;
  /** The token family (Keycloak's session_state). */
  familyId: string;
}

export interface RefreshedTokens extends IssuedTokens {
  refreshToken: string;
  user: UserProfile;
}

export interface TokenUser {
  user: UserProfile;
  familyId: string;
}

/**
 * The console's bearer tokens, revocable: each sign-in starts a token family stored
 * server-side; access tokens name their family and are refused once it ended, expired or the
 * user's password changed; refresh tokens rotate (each use gives a new one, a reused one ends
 * the family). Used by the OIDC endpoints, the Superset security API and the auth guard.
 */
export class TokenGrants {
  constructor(
    private readonly tokens: TokenService,
    private readonly families: TokenFamilies,
    private readonly users: UserStore,
    private readonly clock: Clock = systemClock,
  ) {}

  /** A new family for a user who just signed in (tokenVersion: see Authenticator). */
  async start(user: UserProfile, tokenVersion: number, withRefresh: boolean): Promise<IssuedTokens> {
    const familyId = randomUUID();
    const refreshId = withRefresh ? randomUUID() : null;
    const lifetime = this.tokens.ttlSeconds(withRefresh ? 'refresh' : 'access');
    await this.families.create(familyId, { username: user.username, tokenVersion, refreshId, expiresAt: this.clock() + lifetime * 1000 });
    const accessToken = await this.tokens.issue(user, 'access', familyId);
    if (refreshId === null) return { accessToken, familyId };
    return { accessToken, refreshToken: await this.tokens.issue(user, 'refresh', familyId, refreshId), familyId };
  }

  /** New tokens for a live refresh token; null when it is not one (a reused one also ends its family). */
  async refresh(refreshToken: string): Promise<RefreshedTokens | null> {
    const claims = await this.tokens.verify(refreshToken, 'refresh');
    if (!claims?.jti) return null;
    // Read again: a removed user, a changed role or password is honoured.
    const user = await this.liveUser(claims.sid, claims.sub);
    if (!user) return null;
    const next = randomUUID();
    const expiresAt = this.clock() + this.tokens.ttlSeconds('refresh') * 1000;
    if ((await this.families.rotate(claims.sid, claims.jti, next, expiresAt)) !== 'rotated') return null;
    return {
      accessToken: await this.tokens.issue(user, 'access', claims.sid),
      refreshToken: await this.tokens.issue(user, 'refresh', claims.sid, next),
      familyId: claims.sid,
      user,
    };
  }

  /** The user of a valid access token whose family lives; null otherwise. */
  async authenticate(accessToken: string): Promise<TokenUser | null> {
    const claims = await this.tokens.verify(accessToken, 'access');
    if (!claims) return null;
    const user = await this.liveUser(claims.sid, claims.sub);
    return user ? { user, familyId: claims.sid } : null;
  }

  /**
   * Ends the family of a token of type `typ` (logout). Any refresh token of the family will
   * do, a rotated one too: ending is what its holder asks for. False when the token is not
   * valid or its family already ended.
   */
  async end(token: string, typ: TokenType): Promise<boolean> {
    const claims = await this.tokens.verify(token, typ);
    if (!claims || !(await this.liveUser(claims.sid, claims.sub))) return false;
    await this.families.end(claims.sid);
    return true;
  }

  private async liveUser(familyId: string, username: string): Promise<UserProfile | null> {
    const family = await this.families.find(familyId);
    if (!family || family.username !== username) return null;
    return this.users.profileAt(username, family.tokenVersion);
  }
}
