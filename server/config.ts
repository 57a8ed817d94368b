import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_UPLOAD_MAX_MB } from '../contracts/config';
import { integer, text, type Env } from './configValues';
import { REPO_ROOT } from './paths';
import { airflowUpstream, jupyterHubUpstream, supersetUpstream, type AirflowUpstream, type JupyterHubUpstream, type SupersetUpstream } from './upstreamConfig';

export type { Env } from './configValues';
export type { AirflowAccount, AirflowUpstream, JupyterHubUpstream, SupersetUpstream } from './upstreamConfig';

/** The *_MB settings are mebibytes. */
export const MIB = 1024 * 1024;

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface ConsoleConfig {
  port: number;
  /** 127.0.0.1 by default: localhost keeps the PWA a secure context. 0.0.0.0 exposes it. */
  host: string;
  /** Absolute; holds console.sqlite, secret.key, credentials.txt and the demo warehouse (warehouse/). */
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
  /** The most megabytes one uploaded workspace file may take; a larger one is answered 413. */
  uploadMaxMb: number;
  /** The most megabytes the SQL Lab sandbox database may hold; a run that would grow it past that is rolled back. */
  sandboxQuotaMb: number;
  /** DuckDB's memory_limit for all SQL at once (one instance serves every query); a query past it fails out of memory. */
  sqlMemoryMb: number;
  /** DuckDB's threads: how many cores SQL may use at once. */
  sqlThreads: number;
  /** How long one SQL Lab query (or notebook SQL, or sql() from a kernel) may run before it is stopped. */
  sqlTimeoutSeconds: number;
  /** The most megabytes of outputs one notebook run keeps; past it the rest is dropped with a note (the run goes on). */
  outputMaxMb: number;
  /**
   * The origin users reach the console at (https://console.example.com), or null. When set,
   * absolute URLs are built from it, it is the only Origin allowed to write, and requests for
   * another Host are refused.
   */
  publicUrl: string | null;
  /** Serve the client's *.map files (they show the source); off by default. */
  sourceMaps: boolean;
  /**
   * Addresses (or CIDR ranges) of reverse proxies whose X-Forwarded-For/-Proto/-Host are
   * believed; empty: none. Behind a proxy, sign-in limits per address need it.
   */
  trustProxy: string[];
  /** pyodide (the default): embedded Python kernels; jupyter: a Jupyter Server per user, started by the console. */
  kernels: 'pyodide' | 'jupyter';
  /** An external Jupyter Server whose kernels are offered too (CONSOLE_JUPYTER_URL), or null. */
  jupyterUrl: string | null;
  jupyterToken: string | null;
  /** The Python that runs managed Jupyter Servers; null: /usr/bin/python3 when present, else python3 on PATH. */
  python: string | null;
  /** Kernels idle (no run, no request) this long are shut down. */
  kernelIdleMinutes: number;
  /** Embedded kernels kept started and unassigned, so starting one skips Pyodide's cold start. */
  kernelSpares: number;
  /**
   * on (the default): every kernel runs in the OS sandbox (server/kernels/sandbox), and none starts where
   * it cannot be had; off: the explicit opt-out for a single-user machine (CONSOLE_KERNEL_SANDBOX).
   */
  kernelSandbox: 'on' | 'off';
  /** Each kernel's memory cap (CONSOLE_KERNEL_MEMORY_MB); default an eighth of the machine's memory, 512 to 2048. */
  kernelMemoryMb: number;
  /** How long one task of the demo workflow executor runs (CONSOLE_WORKFLOW_TASK_MS); tests make it small. */
  workflowTaskMs: number;
  /** DAGs in the workflow demo (CONSOLE_WORKFLOW_DEMO_DAGS): its 25, plus generated copies beyond them. */
  workflowDemoDags: number;
  /** A real Airflow that /api/workflow is proxied to (CONSOLE_AIRFLOW_*), or null: the embedded demo server answers. */
  airflow: AirflowUpstream | null;
  /** A real Superset that /api/bi is proxied to (CONSOLE_SUPERSET_*), or null: the embedded DuckDB service answers. */
  superset: SupersetUpstream | null;
  /** A real JupyterHub (CONSOLE_JUPYTERHUB_*) whose servers are the personal notebook servers, or null. */
  jupyterHub: JupyterHubUpstream | null;
  /** The store on PostgreSQL (CONSOLE_DATABASE_URL), or null: SQLite in the data dir, the default for one server. */
  database: DatabaseConfig | null;
}

export interface DatabaseConfig {
  /** postgres://user:password@host:port/db; holds a password: never log it (see redactedUrl). */
  url: string;
  /** Connections the server's pool holds at most (CONSOLE_DATABASE_POOL). */
  poolSize: number;
}

/**
 * 10 connections: the store's statements take a millisecond or two, so 10 serve hundreds of
 * requests a second, and several servers stay well under PostgreSQL's default 100 connections.
 */
export const DEFAULT_DATABASE_POOL = 10;


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
    secureCookies: flag(env, 'CONSOLE_SECURE_COOKIES'),
    logLevel: logLevel(env.LOG_LEVEL),
    warehouseSeedCache: optionalPath(cwd, env.CONSOLE_WAREHOUSE_SEED_CACHE),
    resultMaxMb: integer(env, 'CONSOLE_RESULT_MAX_MB', 64, 1, 4096),
    uploadMaxMb: integer(env, 'CONSOLE_UPLOAD_MAX_MB', DEFAULT_UPLOAD_MAX_MB, 1, 4096),
    sandboxQuotaMb: integer(env, 'CONSOLE_SANDBOX_QUOTA_MB', 256, 1, 1024 * 1024),
    sqlMemoryMb: integer(env, 'CONSOLE_SQL_MEMORY_MB', defaultSqlMemoryMb(), 64, 1024 * 1024),
    sqlThreads: integer(env, 'CONSOLE_SQL_THREADS', defaultSqlThreads(), 1, 256),
    sqlTimeoutSeconds: integer(env, 'CONSOLE_SQL_TIMEOUT_SECONDS', 30, 1, 3600),
    outputMaxMb: integer(env, 'CONSOLE_OUTPUT_MAX_MB', DEFAULT_OUTPUT_MAX_MB, 1, MAX_OUTPUT_MAX_MB),
    publicUrl: publicOrigin(env.CONSOLE_PUBLIC_URL),
    sourceMaps: flag(env, 'CONSOLE_SOURCE_MAPS'),
    trustProxy: proxies(env.CONSOLE_TRUST_PROXY),
    kernels: kernelsMode(env.CONSOLE_KERNELS),
    jupyterUrl: jupyterUrl(env.CONSOLE_JUPYTER_URL),
    jupyterToken: text(env.CONSOLE_JUPYTER_TOKEN) ?? null,
    python: text(env.CONSOLE_PYTHON) ?? null,
    kernelIdleMinutes: integer(env, 'CONSOLE_KERNEL_IDLE_MINUTES', 60, 1, 7 * 24 * 60),
    kernelSpares: integer(env, 'CONSOLE_KERNEL_SPARES', 1, 0, 8),
    kernelSandbox: onOff(env, 'CONSOLE_KERNEL_SANDBOX'),
    kernelMemoryMb: integer(env, 'CONSOLE_KERNEL_MEMORY_MB', defaultKernelMemoryMb(), 128, 1024 * 1024),
    workflowTaskMs: integer(env, 'CONSOLE_WORKFLOW_TASK_MS', 3000, 1, 10 * 60 * 1000),
    airflow: airflowUpstream(env),
    superset: supersetUpstream(env),
    jupyterHub: jupyterHubUpstream(env),
    workflowDemoDags: integer(env, 'CONSOLE_WORKFLOW_DEMO_DAGS', 25, 25, 10_000),
    database: databaseConfig(env),
  };
}

/** 32 MB of one run's outputs: far more than a notebook shows usefully, little beside the server's memory. */
export const DEFAULT_OUTPUT_MAX_MB = 32;
/** A run's answer holds its outputs twice (outputs and their text): kept well under V8's 512 M-character strings. */
const MAX_OUTPUT_MAX_MB = 128;

/** A quarter of the machine's memory, from 256 MB to 4 GB: SQL shares the host with the server and the kernels. */
export function defaultSqlMemoryMb(): number {
  return Math.min(4096, Math.max(256, Math.floor(os.totalmem() / MIB / 4)));
}

/** Every core but one (at least one), which is left to the server and the kernels. */
export function defaultSqlThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/** Empty values count as unset, so `VAR=` never becomes an empty password. */
function optionalPath(cwd: string, value: string | undefined): string | null {
  const raw = text(value);
  return raw === undefined ? null : path.resolve(cwd, raw);
}

const TRUE = ['true', '1', 'yes'];
const FALSE = ['false', '0', 'no'];

function flag(env: Env, name: string): boolean {
  const raw = text(env[name])?.trim().toLowerCase();
  if (raw === undefined || FALSE.includes(raw)) return false;
  if (TRUE.includes(raw)) return true;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/** An http(s) origin without path, query or credentials, normalised by the URL parser (lower case, no default port). */
function publicOrigin(value: string | undefined): string | null {
  const raw = text(value)?.trim();
  if (raw === undefined) return null;
  const problem = `CONSOLE_PUBLIC_URL must be the console's http(s) origin, e.g. https://console.example.com, got "${raw}"`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(problem);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !raw.includes('?') && !raw.includes('#');
  if (!['http:', 'https:'].includes(url.protocol) || !bare) throw new Error(problem);
  return url.origin;
}

function proxies(value: string | undefined): string[] {
  const entries = (text(value) ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const prefixOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (version === 0 || !prefixOk || rest.length > 0) {
      throw new Error(`CONSOLE_TRUST_PROXY must be a comma-separated list of IP addresses or CIDR ranges, got "${entry}"`);
    }
  }
  return entries;
}

function onOff(env: Env, name: string): 'on' | 'off' {
  const value = text(env[name])?.trim().toLowerCase() ?? 'on';
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off, got "${env[name]}"`);
  return value;
}

/** An eighth of the machine's memory, from 512 MB to 2 GB: ten kernels of one user stay within it. */
export function defaultKernelMemoryMb(totalBytes = os.totalmem()): number {
  return Math.min(2048, Math.max(512, Math.floor(totalBytes / 8 / 1024 / 1024)));
}

function kernelsMode(raw: string | undefined): ConsoleConfig['kernels'] {
  const value = text(raw)?.trim().toLowerCase() ?? 'pyodide';
  if (value !== 'pyodide' && value !== 'jupyter') throw new Error(`CONSOLE_KERNELS must be pyodide or jupyter, got "${raw}"`);
  return value;
}

/** The Jupyter Server's base URL without a trailing slash (it may sit under a path, as behind JupyterHub). */
function jupyterUrl(value: string | undefined): string | null {
  const raw = text(value)?.trim();
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`CONSOLE_JUPYTER_URL must be an http(s) URL, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
    throw new Error(`CONSOLE_JUPYTER_URL must be an http(s) URL without query or credentials (the token goes in CONSOLE_JUPYTER_TOKEN), got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** The pool needs two connections at least: migrations hold one for their advisory lock. */
function databaseConfig(env: Env): DatabaseConfig | null {
  const raw = text(env.CONSOLE_DATABASE_URL)?.trim();
  const poolSize = integer(env, 'CONSOLE_DATABASE_POOL', DEFAULT_DATABASE_POOL, 2, 1000);
  if (raw === undefined) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // The message must not echo the value: it may hold a password.
  }
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname) {
    throw new Error('CONSOLE_DATABASE_URL must be a postgres://user:password@host:port/database URL');
  }
  return { url: raw, poolSize };
}

/** The URL without its password, for logs and messages. */
export function redactedUrl(raw: string): string {
  const url = new URL(raw);
  if (url.password) url.password = '***';
  return url.href;
}

function logLevel(raw: string | undefined): LogLevel {
  const value = text(raw)?.toLowerCase() ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  }
  return value as LogLevel;
}
