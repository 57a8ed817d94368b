import path from 'node:path';
import { REPO_ROOT } from './paths';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface ConsoleConfig {
  port: number;
  /** 127.0.0.1 by default: localhost keeps the PWA a secure context. 0.0.0.0 exposes it. */
  host: string;
  /** Absolute; holds console.duckdb, secret.key, credentials.txt and the demo warehouse (warehouse/). */
  dataDir: string;
  /** The built client (vite's dist). */
  staticDir: string;
  adminPassword: string | undefined;
  editorPassword: string | undefined;
  /** Session lifetime, renewed (sliding) while the user is active. */
  sessionTtlSeconds: number;
  /** Adds Secure to cookies; turn on behind HTTPS. */
  secureCookies: boolean;
  logLevel: LogLevel;
  /**
   * A folder holding a finished demo-warehouse seed to copy instead of seeding again (and
   * filled after a seed). For tests and CI; null (the default) seeds into the data dir once.
   */
  warehouseSeedCache: string | null;
  /** The most megabytes of JSON one SQL Lab result's rows may take; the rows past it are cut. */
  resultMaxMb: number;
  /** The most megabytes the SQL Lab sandbox database may hold; a run that would grow it past that is rolled back. */
  sandboxQuotaMb: number;
}

export type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const EIGHT_HOURS = 8 * 60 * 60;

/** Reads the configuration from environment variables; throws on invalid values. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ConsoleConfig {
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(cwd, text(env.CONSOLE_DATA_DIR) ?? './data'),
    staticDir: path.resolve(cwd, text(env.CONSOLE_STATIC_DIR) ?? path.join(REPO_ROOT, 'dist')),
    adminPassword: text(env.CONSOLE_ADMIN_PASSWORD),
    editorPassword: text(env.CONSOLE_EDITOR_PASSWORD),
    sessionTtlSeconds: integer(env, 'CONSOLE_SESSION_TTL_SECONDS', EIGHT_HOURS, 1, 366 * 24 * 60 * 60),
    secureCookies: ['true', '1', 'yes'].includes((env.CONSOLE_SECURE_COOKIES ?? '').trim().toLowerCase()),
    logLevel: logLevel(env.LOG_LEVEL),
    warehouseSeedCache: optionalPath(cwd, env.CONSOLE_WAREHOUSE_SEED_CACHE),
    resultMaxMb: integer(env, 'CONSOLE_RESULT_MAX_MB', 64, 1, 4096),
    sandboxQuotaMb: integer(env, 'CONSOLE_SANDBOX_QUOTA_MB', 256, 1, 1024 * 1024),
  };
}

/** Empty values count as unset, so `VAR=` never becomes an empty password. */
function text(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function optionalPath(cwd: string, value: string | undefined): string | null {
  const raw = text(value);
  return raw === undefined ? null : path.resolve(cwd, raw);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function logLevel(raw: string | undefined): LogLevel {
  const value = text(raw)?.toLowerCase() ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  }
  return value as LogLevel;
}
