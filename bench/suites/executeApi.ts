import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { ExecuteBody, ExecuteResponse, ListResponse } from '../../contracts/bi';
import type { BiDatabase, NamesResponse } from '../../contracts/biCatalog';
import { ADMIN_PASSWORD } from '../../tests/support/consoleServer';
import { sleep } from '../support/time';

/** The execute suite's API side (execute.bench.ts): the console's SQL Lab API as a script calls it. */

export const SUITE = 'execute';
export const SCHEMA = 'gaming';
/** The warehouse is copied from the seed cache in seconds, but seeded from scratch when there is none. */
export const READY_LIMIT_MS = 600_000;
const READY_POLL_MS = 500;
export const ROW_LIMIT = 1_000;
/** What Chromium sends, so the server compresses as it does for the console (it prefers br). */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The console's API as a script uses it: a Bearer access token from the OIDC token endpoint (no CSRF token needed). */
export class BiClient {
  private constructor(
    private readonly baseUrl: string,
    private readonly authorization: string,
  ) {}

  static async signIn(baseUrl: string): Promise<BiClient> {
    const res = await fetch(`${baseUrl}/api/auth/realms/dataplatform/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (!res.ok) throw new Error(`${SUITE}: the token endpoint answered ${res.status}: ${await res.text()}`);
    const { access_token: token } = (await res.json()) as { access_token: string };
    return new BiClient(baseUrl, `Bearer ${token}`);
  }

  async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.baseUrl}/api/bi${path}`, { headers: { authorization: this.authorization } });
    if (!res.ok) throw new Error(`${SUITE}: GET /api/bi${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /**
   * One SQL Lab run, timed from the request until its JSON is parsed; `headersMs` is when the
   * status line came (the server had run the query and started to send).
   */
  async execute(databaseId: number, sql: string): Promise<{ ms: number; headersMs: number; bytes: number; encoding: string; body: ExecuteResponse }> {
    const body = executeBody(databaseId, sql);
    const start = performance.now();
    const res = await fetch(`${this.baseUrl}/api/bi/v1/sqllab/execute/`, { method: 'POST', headers: this.executeHeaders(), body });
    const headersMs = performance.now() - start;
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${SUITE}: execute answered ${res.status}: ${text.slice(0, 500)}`);
    const parsed = JSON.parse(text) as ExecuteResponse;
    const ms = performance.now() - start;
    return { ms, headersMs, bytes: Buffer.byteLength(text), encoding: res.headers.get('content-encoding') ?? 'identity', body: parsed };
  }

  /** The bytes of one execute answer as sent, compressed (fetch does not tell; node:http does not decompress). */
  wireBytes(databaseId: number, sql: string): Promise<number> {
    return new Promise((done, fail) => {
      const req = request(`${this.baseUrl}/api/bi/v1/sqllab/execute/`, { method: 'POST', headers: this.executeHeaders() }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? done(bytes) : fail(new Error(`${SUITE}: execute answered ${res.statusCode}`))));
        res.on('error', fail);
      });
      req.on('error', fail);
      req.end(executeBody(databaseId, sql));
    });
  }

  private executeHeaders(): Record<string, string> {
    return { authorization: this.authorization, 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING };
  }
}

/** The body SQL Lab's client sends (contracts/bi.ts ExecuteBody). */
function executeBody(databaseId: number, sql: string): string {
  const body: ExecuteBody = {
    database_id: databaseId,
    runAsync: false,
    catalog: null,
    schema: SCHEMA,
    sql,
    sql_editor_id: 'bench',
    tab: 'bench',
    tmp_table_name: '',
    select_as_cta: false,
    ctas_method: 'TABLE',
    templateParams: null,
    queryLimit: ROW_LIMIT,
    expand_data: true,
    // New for each run (the server refuses a reused one); 11 characters like Superset's client.
    client_id: randomBytes(9).toString('base64url').slice(0, 11),
  };
  return JSON.stringify(body);
}

/**
 * The database whose catalog holds schema `gaming`, once the warehouse answers: it is seeded in
 * the background after the server starts, and its calls wait for it (or fail while it cannot open).
 */
export async function waitForWarehouse(api: BiClient): Promise<BiDatabase> {
  const deadline = Date.now() + READY_LIMIT_MS;
  for (let attempt = 1; ; attempt++) {
    let databases: BiDatabase[];
    const schemas = new Map<number, string[]>();
    try {
      databases = (await api.get<ListResponse<BiDatabase>>('/v1/database/')).result;
      for (const database of databases) schemas.set(database.id, (await api.get<NamesResponse>(`/v1/database/${database.id}/schemas/`)).result);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      if (attempt % 20 === 0) console.log(`bench: ${SUITE}: waiting for the warehouse (${error instanceof Error ? error.message : String(error)})`);
      await sleep(READY_POLL_MS);
      continue;
    }
    const database = databases.find((d) => schemas.get(d.id)?.includes(SCHEMA));
    if (!database) throw new Error(`${SUITE}: no database has a schema ${SCHEMA} (databases: ${databases.map((d) => d.database_name).join(', ')})`);
    return database;
  }
}
