import type { BiDatabase } from '../../contracts/biCatalog';
import { WAREHOUSE_DATABASES, type DatabaseLayout } from '../../server/warehouse/layout';
import { runStatements, useSchema } from '../../server/warehouse/query';
import { within } from '../support/time';
import { median, percentile, result, type BenchResult, type BenchSuite } from '../types';
import { BiClient, READY_LIMIT_MS, ROW_LIMIT, SCHEMA, SUITE, waitForWarehouse } from './executeApi';
import { openLocalCopy, type LocalWarehouse } from './executeLocal';

const TABLE = 'bet_report';
const WARMUP = 5;
const RUNS = 30;
/** One run of one variant; the SQL Lab timeout is 30 s. */
const RUN_LIMIT_MS = 60_000;

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
