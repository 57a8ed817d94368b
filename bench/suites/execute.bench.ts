import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { ExecuteBody, ExecuteResponse, ListResponse } from '../../contracts/bi';
import type { BiDatabase, NamesResponse } from '../../contracts/biCatalog';
import { WAREHOUSE_DATABASES, warehouseDir, type DatabaseLayout } from '../../server/warehouse/layout';
import { runStatements, useSchema } from '../../server/warehouse/query';
import { identifier, literal } from '../../server/warehouse/sql';
import { ADMIN_PASSWORD } from '../../tests/support/consoleServer';
import { sleep, within } from '../support/time';
import { median, percentile, result, type BenchResult, type BenchSuite } from '../types';

const SUITE = 'execute';
const SCHEMA = 'gaming';
const TABLE = 'bet_report';
const WARMUP = 5;
const RUNS = 30;
/** The warehouse is copied from the seed cache in seconds, but seeded from scratch when there is none. */
const READY_LIMIT_MS = 600_000;
const READY_POLL_MS = 500;
/** One run of one variant; the SQL Lab timeout is 30 s. */
const RUN_LIMIT_MS = 60_000;
const ROW_LIMIT = 1_000;
/** What Chromium sends, so the server compresses as it does for the console (it prefers br). */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface QueryPair {
  label: string;
  sql: string;
  /** The issue 4 budget of API / DuckDB alone (medians), when this pair has one. */
  budget?: number;
}

const PAIRS: QueryPair[] = [
  { label: '1,000 rows × 27 columns', sql: `SELECT * FROM ${SCHEMA}.${TABLE} LIMIT 1000`, budget: 1.5 },
  {
    label: 'aggregate over 1M rows',
    sql: `SELECT username, count(*) AS bets, sum(bet_amt) AS bet_amt FROM ${SCHEMA}.${TABLE} GROUP BY 1 ORDER BY 3 DESC LIMIT 1000`,
  },
];

/** The console's API as a script uses it: a Bearer access token from the OIDC token endpoint (no CSRF token needed). */
class BiClient {
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
    json: true,
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
async function waitForWarehouse(api: BiClient): Promise<BiDatabase> {
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

/** DuckDB alone, in this process, on a copy of the server's database file (DuckDB locks the one the server holds open). */
interface LocalWarehouse {
  /** One connection kept open, its schema set: DuckDB alone. */
  connection: DuckDBConnection;
  /** For a fresh connection per call, as the server makes one for each execute. */
  instance: DuckDBInstance;
  /** Size of the database file. */
  bytes: number;
  close(): Promise<void>;
}

async function openLocalCopy(dataDir: string, layout: DatabaseLayout): Promise<LocalWarehouse> {
  const dir = await mkdtemp(join(tmpdir(), 'console-bench-execute-'));
  try {
    const source = join(warehouseDir(dataDir), layout.file);
    const copy = join(dir, layout.file);
    await copyFile(source, copy);
    // A write-ahead log would hold changes the file does not have yet (the seed leaves none).
    if (await stat(`${source}.wal`).catch(() => null)) await copyFile(`${source}.wal`, `${copy}.wal`);
    // Attached under the catalog name the server gives it, so the same SQL resolves the same way.
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(`ATTACH ${literal(copy)} AS ${identifier(layout.catalog)} (READ_ONLY)`);
    await useSchema(connection, layout.catalog, SCHEMA);
    const { size } = await stat(copy);
    return {
      connection,
      instance,
      bytes: size,
      async close() {
        connection.closeSync();
        instance.closeSync();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

interface Timings {
  api: number[];
  apiHeaders: number[];
  duckdb: number[];
  /** DuckDB alone, its rows then written as JSON text and parsed back: what any JSON API adds at least, without HTTP. */
  duckdbJson: number[];
  serverPath: number[];
  /** JSON bytes of the API answer, and as sent (compressed). */
  bytes: number;
  wireBytes: number;
  encoding: string;
  rows: number;
}

/**
 * WARMUP + RUNS rounds; each round runs the three variants once, in an order rotated every round,
 * so machine noise and cache state hit them alike.
 */
async function measurePair(api: BiClient, database: BiDatabase, local: LocalWarehouse, layout: DatabaseLayout, pair: QueryPair): Promise<Timings> {
  const timings: Timings = { api: [], apiHeaders: [], duckdb: [], duckdbJson: [], serverPath: [], bytes: 0, wireBytes: 0, encoding: '', rows: -1 };
  const expectRows = (variant: string, rows: number) => {
    if (timings.rows === -1) timings.rows = rows;
    if (rows !== timings.rows) throw new Error(`${SUITE}: ${pair.label}: ${variant} read ${rows} rows, another variant ${timings.rows}`);
  };
  const variants: ((measured: boolean) => Promise<void>)[] = [
    // The full HTTP round trip: auth, history insert and update, the query, JSON, compression, parse.
    async (measured) => {
      const run = await api.execute(database.id, pair.sql);
      expectRows('API', run.body.data.length);
      if (!measured) return;
      timings.api.push(run.ms);
      timings.apiHeaders.push(run.headersMs);
      timings.bytes = run.bytes;
      timings.encoding = run.encoding;
    },
    // DuckDB alone: run the query and materialize its rows as JS values.
    async (measured) => {
      const start = performance.now();
      const reader = await local.connection.runAndReadAll(pair.sql);
      const rows = reader.getRowObjectsJS();
      const ms = performance.now() - start;
      expectRows('DuckDB alone', rows.length);
      if (measured) timings.duckdb.push(ms);
    },
    // DuckDB alone with a JSON round trip: node-api's JSON-ready rows, stringified and parsed (no HTTP, no server).
    async (measured) => {
      const start = performance.now();
      const reader = await local.connection.runAndReadAll(pair.sql);
      const rows = JSON.parse(JSON.stringify(reader.getRowObjectsJson())) as unknown[];
      const ms = performance.now() - start;
      expectRows('DuckDB alone + JSON', rows.length);
      if (measured) timings.duckdbJson.push(ms);
    },
    // The server's own warehouse code in this process (a new connection, USE, runStatements writing the rows as JSON).
    async (measured) => {
      const start = performance.now();
      const connection = await local.instance.connect();
      try {
        await useSchema(connection, layout.catalog, SCHEMA);
        const { rows } = await runStatements(connection, pair.sql, { rows: ROW_LIMIT, maxBytes: Infinity }, { queryId: 'bench', cancelled: false });
        const ms = performance.now() - start;
        expectRows('server warehouse code', rows.count);
        if (measured) timings.serverPath.push(ms);
      } finally {
        connection.closeSync();
      }
    },
  ];
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(round + k) % variants.length];
      await within(RUN_LIMIT_MS, `${SUITE}: ${pair.label} round ${round}`, variant(round >= WARMUP));
    }
  }
  timings.wireBytes = await within(RUN_LIMIT_MS, `${SUITE}: ${pair.label} wire bytes`, api.wireBytes(database.id, pair.sql));
  return timings;
}

function report(pair: QueryPair, t: Timings): BenchResult[] {
  const apiMedian = median(t.api);
  const duckMedian = median(t.duckdb);
  const note =
    `${pair.sql}; ${RUNS} runs each after ${WARMUP} warm-up, API / DuckDB alone / DuckDB + JSON / server code rotated every round; ${t.rows} rows; ` +
    `API answer ${t.bytes.toLocaleString('en-US')} bytes of JSON, ${t.wireBytes.toLocaleString('en-US')} bytes sent (${t.encoding}, accept-encoding as Chromium's)`;
  const name = (what: string) => `${pair.label}: ${what}`;
  return [
    result(SUITE, name('API execute, median'), apiMedian, 'ms', undefined, `POST /api/bi/v1/sqllab/execute/ with a Bearer token, until the JSON is parsed; ${note}`),
    result(SUITE, name('API execute, p95'), percentile(t.api, 95), 'ms'),
    result(SUITE, name('DuckDB alone, median'), duckMedian, 'ms', undefined, 'runAndReadAll + getRowObjectsJS in the bench process, on a read-only copy of the same database file'),
    result(SUITE, name('DuckDB alone, p95'), percentile(t.duckdb, 95), 'ms'),
    result(SUITE, name('API / DuckDB alone (medians)'), apiMedian / duckMedian, '×', pair.budget, note),
    result(SUITE, name('API − DuckDB alone (medians)'), apiMedian - duckMedian, 'ms', undefined, 'the per-call cost of the API'),
    result(SUITE, name('API response headers, median'), median(t.apiHeaders), 'ms', undefined, 'request sent → status line received'),
    result(
      SUITE,
      name('DuckDB alone + JSON round trip, median'),
      median(t.duckdbJson),
      'ms',
      undefined,
      'runAndReadAll + getRowObjectsJson, then JSON.stringify and JSON.parse in the bench process: the least any JSON API adds, without HTTP',
    ),
    result(SUITE, name('API / (DuckDB alone + JSON round trip) (medians)'), apiMedian / median(t.duckdbJson), '×'),
    result(
      SUITE,
      name("server's warehouse code in-process, median"),
      median(t.serverPath),
      'ms',
      undefined,
      'new connection, USE, runStatements (streaming, rows written as JSON bytes) in the bench process: the query and JSON part of the API time',
    ),
  ];
}

/**
 * Issue 4's budget: SQL Lab's execute over HTTP against the same query on DuckDB alone, as a ratio
 * of medians; plus an aggregate over the million rows, where the query itself dominates.
 */
export const executeSuite: BenchSuite = {
  name: SUITE,
  async run({ server }) {
    const api = await BiClient.signIn(server.url);
    const database = await within(READY_LIMIT_MS + RUN_LIMIT_MS, `${SUITE}: warehouse ready`, waitForWarehouse(api));
    const layout = WAREHOUSE_DATABASES.find((d) => d.id === database.id);
    if (!layout) throw new Error(`${SUITE}: database ${database.id} (${database.database_name}) is not in the warehouse layout`);
    const count = await api.execute(database.id, `SELECT count(*) AS n FROM ${SCHEMA}.${TABLE}`);
    const tableRows = Number(count.body.data[0]?.n);
    if (!(tableRows >= ROW_LIMIT)) throw new Error(`${SUITE}: ${SCHEMA}.${TABLE} has ${tableRows} rows`);

    const local = await openLocalCopy(server.dataDir, layout);
    try {
      const results: BenchResult[] = [];
      for (const pair of PAIRS) results.push(...report(pair, await measurePair(api, database, local, layout, pair)));
      const fileMb = (local.bytes / 2 ** 20).toFixed(1);
      results.push(result(SUITE, `${SCHEMA}.${TABLE} rows`, tableRows, 'rows', undefined, `database ${database.database_name} (${database.id}), file ${layout.file} ${fileMb} MiB`));
      return results;
    } finally {
      await local.close();
    }
  },
};
