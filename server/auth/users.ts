import { setTimeout as delay } from 'node:timers/promises';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from '../store/db';
import { LruMap } from '../store/lru';
import type { Profile, Role } from '../../contracts/session';
import { DEFAULT_SCRYPT_PARAMS, generatePassword, hashPassword, verifyPassword, type ScryptParams } from './passwords';

/** What the client may know about a user (sign-in answer, `user` cookie, /me): the profile, its email always set. */
export interface UserProfile extends Profile {
  email: string;
}

export interface UserRecord extends UserProfile {
  id: number;
  passwordHash: string;
  /** Changes with every password change; sessions and token families made under another are refused. */
  tokenVersion: number;
}

/** A user whose password was just checked. */
export interface VerifiedUser extends UserProfile {
  tokenVersion: number;
}

export interface SeedOptions {
  dataDir: string;
  adminPassword?: string;
  editorPassword?: string;
}

export interface GeneratedPassword {
  username: string;
  password: string;
}

/** Passwords generated on this start (empty on later starts) and where they were saved. */
export interface SeedResult {
  generated: GeneratedPassword[];
  credentialsFile: string | null;
  /** Users whose password comes from CONSOLE_*_PASSWORD. */
  fromEnvironment: string[];
}

export const CREDENTIALS_FILE = 'credentials.txt';

/** Where the first start saves the generated passwords. */
export function credentialsFileIn(dataDir: string): string {
  return path.join(dataDir, CREDENTIALS_FILE);
}

interface SeedUser extends UserProfile {
  id: number;
  envKey: 'adminPassword' | 'editorPassword';
}

const SEED_USERS: readonly SeedUser[] = [
  { id: 1, username: 'admin', role: 'admin', firstName: 'Admin', lastName: 'User', email: 'admin@dataplatform.local', envKey: 'adminPassword' },
  { id: 2, username: 'editor', role: 'editor', firstName: 'Editor', lastName: 'User', email: 'editor@dataplatform.local', envKey: 'editorPassword' },
];

interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  token_version: number | null;
}

/** Users kept in memory (there are two today); beyond that the least recently used are read again. */
export const USER_CACHE_SIZE = 1_000;

/**
 * Users in the console store. Every authenticated request reads its user, so users found are also
 * kept in memory; each write of a user here drops its copy once the write is done (the
 * statements run in order, so a read that started earlier cannot bring the old row back).
 */
export class UserStore {
  private readonly cache = new LruMap<string, UserRecord>(USER_CACHE_SIZE);

  private constructor(
    private readonly store: Store,
    private readonly hashParams: ScryptParams,
    /** How long a password check takes here: an unknown name waits as long, without hashing. */
    private readonly hashTime: HashTime,
  ) {}

  /** hashParams: scrypt cost for new hashes (tests pass a lower cost explicitly). */
  static async create(store: Store, hashParams: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<UserStore> {
    // One hash at start tells how long a check takes until real checks refine it.
    const started = performance.now();
    await hashPassword(generatePassword(), hashParams);
    return new UserStore(store, hashParams, new HashTime(performance.now() - started));
  }

  async find(username: string): Promise<UserRecord | null> {
    const cached = this.cache.get(username);
    if (cached) return { ...cached };
    const rows = await this.store.all<UserRow>('SELECT * FROM users WHERE username = $1', [username]);
    // Unknown names are not remembered: guessing them must not fill the memory.
    if (rows.length === 0) return null;
    const record = toRecord(rows[0]);
    this.cache.set(username, record);
    return { ...record };
  }

  async findProfile(username: string): Promise<UserProfile | null> {
    const record = await this.find(username);
    return record ? toProfile(record) : null;
  }

  /** The profile while the user exists and its token version is still `tokenVersion`. */
  async profileAt(username: string, tokenVersion: number): Promise<UserProfile | null> {
    const record = await this.find(username);
    return record && record.tokenVersion === tokenVersion ? toProfile(record) : null;
  }

  /**
   * The profile and token version when username and password match, otherwise null, in the
   * same time either way: an unknown name waits as long as the recent checks took, but costs
   * no hash (a flood of made-up names must not take the CPU from everyone else). The version
   * is the one the password was checked against, so a session or token family started from
   * it ends if the password changed meanwhile.
   */
  async verifyCredentials(username: string, password: string): Promise<VerifiedUser | null> {
    const record = await this.find(username);
    if (!record) {
      await delay(this.hashTime.estimateMs);
      return null;
    }
    const started = performance.now();
    const ok = await verifyPassword(password, record.passwordHash);
    this.hashTime.record(performance.now() - started);
    return ok ? { ...toProfile(record), tokenVersion: record.tokenVersion } : null;
  }

  /**
   * Every password change goes through here: it moves the user's token version on, which ends
   * their sessions and token families (each checks the version on every request).
   */
  async setPassword(username: string, password: string): Promise<void> {
    const hash = await hashPassword(password, this.hashParams);
    await this.store.run('UPDATE users SET password_hash = $1, token_version = token_version + 1 WHERE username = $2', [hash, username]);
    this.cache.delete(username);
  }

  /**
   * Creates the admin and editor users on first start. Environment passwords are applied
   * on every start (the environment wins), and only a different one counts as a change (it
   * ends the user's sessions and tokens); otherwise a random password is generated once,
   * returned for printing and saved to <data>/credentials.txt (mode 0600).
   */
  async ensureSeedUsers(options: SeedOptions): Promise<SeedResult> {
    const generated: GeneratedPassword[] = [];
    const fromEnvironment: string[] = [];
    for (const seed of SEED_USERS) {
      const envPassword = options[seed.envKey] || undefined;
      if (envPassword) fromEnvironment.push(seed.username);
      const existing = await this.find(seed.username);
      if (existing) {
        if (envPassword && !(await verifyPassword(envPassword, existing.passwordHash))) await this.setPassword(seed.username, envPassword);
        continue;
      }
      const password = envPassword ?? generatePassword();
      await this.insert(seed, password);
      if (!envPassword) generated.push({ username: seed.username, password });
    }
    const credentialsFile = generated.length > 0 ? await writeCredentials(options.dataDir, generated) : null;
    return { generated, credentialsFile, fromEnvironment };
  }

  private async insert(user: SeedUser, password: string): Promise<void> {
    const hash = await hashPassword(password, this.hashParams);
    await this.store.run(
      `INSERT INTO users (username, id, password_hash, role, first_name, last_name, email, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [user.username, user.id, hash, user.role, user.firstName, user.lastName, user.email, Date.now()],
    );
    this.cache.delete(user.username);
  }
}

export function toProfile(user: UserProfile): UserProfile {
  const { username, role, firstName, lastName, email } = user;
  return { username, role, firstName, lastName, email };
}

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    tokenVersion: row.token_version ?? 0,
  };
}

async function writeCredentials(dataDir: string, generated: GeneratedPassword[]): Promise<string> {
  const file = credentialsFileIn(dataDir);
  const lines = [
    `# Data Platform Console sign-in passwords, generated ${new Date().toISOString()}`,
    ...generated.map(({ username, password }) => `${username}: ${password}`),
    '# Delete this file after noting the passwords.',
    '',
  ];
  // Replace rather than overwrite: the mode applies only to a newly created file, and an
  // old copy with a looser mode must never hold the new passwords.
  await rm(file, { force: true });
  await writeFile(file, lines.join('\n'), { mode: 0o600, flag: 'wx' });
  return file;
}

/** A moving average of how long password checks take (each new one counts for a fifth). */
class HashTime {
  constructor(private ms: number) {}

  get estimateMs(): number {
    return this.ms;
  }

  record(ms: number): void {
    this.ms += (ms - this.ms) / 5;
  }
}
