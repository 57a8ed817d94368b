import { integer, text, type Env } from './configValues';

/** A real Superset behind the console, each console user signing in as their own Superset user. */
export interface SupersetUpstream {
  /** Superset's root (http://superset:8088), without a trailing slash; it may sit under a path. */
  url: string;
  /** Sent in X-Console-Secret: Superset's superset_config.py trusts X-Console-User only with it. */
  secret: string;
  /** How long the server waits for Superset's answer to begin before answering 504. */
  timeoutMs: number;
}

/** A real JupyterHub whose servers are the users' personal notebook servers (kernels run there). */
export interface JupyterHubUpstream {
  /** The Hub's public root (its proxy: http://hub:8000), without a trailing slash; it may sit under a path. */
  url: string;
  /** The token of the Hub service the console is (scopes admin:users, servers, tokens). */
  token: string;
}

/** A real Airflow 2.x (REST API v1) or 3.x (v2) behind the console; its credentials never reach the browser. */
export interface AirflowUpstream {
  /** The Airflow server's root (http://airflow:8080), without a trailing slash; it may sit under a path. */
  url: string;
  api: 'v1' | 'v2';
  /**
   * The Airflow account each console role's calls go with: Basic auth (v1) or the user the server
   * gets JWTs for from <url>/auth/token (v2); null: none sent (v1) or GET /auth/token (v2).
   */
  accounts: Record<'admin' | 'editor', AirflowAccount | null>;
  /** How long the server waits for Airflow's answer to begin before answering 504. */
  timeoutMs: number;
}

export interface AirflowAccount {
  username: string;
  password: string;
}

/** An upstream's root URL setting, without a trailing slash (it may sit under a path), or null when unset. */
function upstreamUrl(env: Env, name: string, example: string, credentialsHint: string): string | null {
  const raw = text(env[name])?.trim();
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, e.g. ${example}, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must be an http(s) URL without query or credentials${credentialsHint}, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

export function airflowUpstream(env: Env): AirflowUpstream | null {
  const url = upstreamUrl(env, 'CONSOLE_AIRFLOW_URL', 'http://airflow:8080', ' (they go in CONSOLE_AIRFLOW_USERNAME and CONSOLE_AIRFLOW_PASSWORD)');
  if (url === null) return null;
  const api = text(env.CONSOLE_AIRFLOW_API)?.trim().toLowerCase() ?? 'v1';
  if (api !== 'v1' && api !== 'v2') throw new Error(`CONSOLE_AIRFLOW_API must be v1 (Airflow 2) or v2 (Airflow 3), got "${env.CONSOLE_AIRFLOW_API}"`);
  const timeoutMs = integer(env, 'CONSOLE_AIRFLOW_TIMEOUT_SECONDS', 30, 1, 600) * 1000;
  return { url, api, accounts: airflowAccounts(env), timeoutMs };
}

export function supersetUpstream(env: Env): SupersetUpstream | null {
  const url = upstreamUrl(env, 'CONSOLE_SUPERSET_URL', 'http://superset:8088', '');
  if (url === null) return null;
  const secret = text(env.CONSOLE_SUPERSET_SECRET)?.trim();
  // Short secrets could be guessed by anyone who reaches Superset directly.
  if (secret === undefined || secret.length < 16) throw new Error('CONSOLE_SUPERSET_SECRET must be set with CONSOLE_SUPERSET_URL: at least 16 characters, the same value as in Superset\'s environment (superset_config.py)');
  const timeoutMs = integer(env, 'CONSOLE_SUPERSET_TIMEOUT_MS', 30_000, 1, 600_000);
  return { url, secret, timeoutMs };
}

export function jupyterHubUpstream(env: Env): JupyterHubUpstream | null {
  const url = upstreamUrl(env, 'CONSOLE_JUPYTERHUB_URL', 'http://hub:8000', ' (the token goes in CONSOLE_JUPYTERHUB_TOKEN)');
  if (url === null) return null;
  // Both would be the notebook servers: which one wins must not be a guess.
  if (text(env.CONSOLE_JUPYTER_URL)?.trim()) throw new Error('CONSOLE_JUPYTERHUB_URL and CONSOLE_JUPYTER_URL are both set: keep one (the Hub gives each user their own server; CONSOLE_JUPYTER_URL is one server everybody shares)');
  const token = text(env.CONSOLE_JUPYTERHUB_TOKEN)?.trim();
  if (!token) throw new Error('CONSOLE_JUPYTERHUB_TOKEN must be set with CONSOLE_JUPYTERHUB_URL: the api_token of the Hub service the console is (scopes admin:users, servers, tokens)');
  return { url, token };
}

/**
 * CONSOLE_AIRFLOW_USERNAME/_PASSWORD are the admin's account; CONSOLE_AIRFLOW_ACCOUNTS (JSON,
 * {"admin"?: {username, password}, "editor"?: {...}}) gives either role its own. Editors without
 * one share the admin's: the proxy's allowlist still keeps them to the console's own calls.
 */
function airflowAccounts(env: Env): AirflowUpstream['accounts'] {
  const username = text(env.CONSOLE_AIRFLOW_USERNAME) ?? null;
  const password = text(env.CONSOLE_AIRFLOW_PASSWORD) ?? null;
  if ((username === null) !== (password === null)) throw new Error('CONSOLE_AIRFLOW_USERNAME and CONSOLE_AIRFLOW_PASSWORD must be set together');
  const single = username === null || password === null ? null : { username, password };
  const raw = text(env.CONSOLE_AIRFLOW_ACCOUNTS);
  if (raw === undefined) return { admin: single, editor: single };
  const shape = 'CONSOLE_AIRFLOW_ACCOUNTS must be JSON like {"admin":{"username":"…","password":"…"},"editor":{"username":"…","password":"…"}}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // The parser's message quotes the text, passwords included: not repeated.
    throw new Error(`${shape}; it is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${shape}; got ${Array.isArray(parsed) ? 'a list' : typeof parsed}`);
  const entries = parsed as Record<string, unknown>;
  const unknown = Object.keys(entries).filter((key) => key !== 'admin' && key !== 'editor');
  if (unknown.length > 0) throw new Error(`${shape}; the roles are admin and editor, got "${unknown.join('", "')}"`);
  if (entries.admin !== undefined && single !== null) throw new Error('The admin\'s Airflow account is set twice: in CONSOLE_AIRFLOW_ACCOUNTS and in CONSOLE_AIRFLOW_USERNAME/_PASSWORD; keep one');
  const admin = entries.admin === undefined ? single : account(entries.admin, 'admin', shape);
  if (admin === null) throw new Error('CONSOLE_AIRFLOW_ACCOUNTS is set but holds no admin account: add "admin" there or set CONSOLE_AIRFLOW_USERNAME/_PASSWORD');
  return { admin, editor: entries.editor === undefined ? admin : account(entries.editor, 'editor', shape) };
}

function account(value: unknown, role: string, shape: string): AirflowAccount {
  const { username, password } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const filled = (field: unknown): field is string => typeof field === 'string' && field.trim() !== '';
  if (!filled(username) || !filled(password)) throw new Error(`${shape}; "${role}" needs a username and a password, both non-empty strings`);
  return { username, password };
}
