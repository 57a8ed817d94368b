import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell } from '../../contracts/bi';
import { openTestWarehouse, type TestWarehouse } from '../testing/warehouse';
import { BET_REPORT_COLUMNS, BET_REPORT_ROWS } from './seed/betReport';
import type { Warehouse } from './types';

let opened: TestWarehouse;
let warehouse: Warehouse;

beforeAll(async () => {
  opened = await openTestWarehouse();
  warehouse = opened.warehouse;
}, 120_000);

afterAll(() => opened.dispose());

async function query(sql: string): Promise<Record<string, Cell>[]> {
  return (await warehouse.execute({ databaseId: 1, schema: 'gaming', sql, limit: 1000, queryId: `q-${Math.random()}` })).rows.values();
}

const FACT_COLUMNS = [
  'pre_cal_id', 'pre_cal', 'username', 'member_id', 'provider', 'prefix', 'type', 'game_id', 'game_name', 'create_date',
  'update_date', 'currency', 'exchange_rates', 'stake', 'bet_amt', 'pay_out_amt', 'valid_amt', 'win_lose', 'comm_amt',
  'comm_rate', 'ip_geo', 'lvl_0_position', 'lvl_0_agent_id', 'lvl_0_ag_user', 'lvl_0_pay_out', 'lvl_0_pt_amt', 'date',
];

describe('warehouse metadata', () => {
  it('lists the databases by id', () => {
    expect(warehouse.databases()).toEqual([
      { id: 1, name: 'lakehouse', catalog: 'lakehouse', allowDml: false },
      { id: 2, name: 'finance', catalog: 'finance', allowDml: false },
      { id: 3, name: 'marketing', catalog: 'marketing', allowDml: false },
      { id: 4, name: 'sandbox', catalog: 'sandbox', allowDml: true },
    ]);
    expect(warehouse.database(2)?.name).toBe('finance');
    expect(warehouse.database(99)).toBeNull();
  });

  it('lists schemas, sorted, and null for a missing database', async () => {
    expect(await warehouse.schemas(1)).toEqual(['archive', 'core', 'gaming', 'main', 'marts', 'ops', 'raw', 'risk', 'sportsbook', 'staging']);
    expect(await warehouse.schemas(2)).toContain('gl');
    expect(await warehouse.schemas(99)).toBeNull();
  });

  it('lists tables and views with comments, null for a missing schema', async () => {
    const tables = await warehouse.tables(1, 'gaming');
    expect(tables?.map((table) => table.name)).toEqual([...(tables ?? []).map((table) => table.name)].sort());
    expect(tables).toContainEqual({ name: 'bet_report', type: 'table', comment: expect.stringMatching(/^Bet report/) });
    expect(tables).toContainEqual({ name: 'v_daily_ggr', type: 'view', comment: expect.any(String) });
    expect(await warehouse.tables(1, 'nope')).toBeNull();
    expect(await warehouse.tables(99, 'gaming')).toBeNull();
    expect(await warehouse.tables(1, "gaming' OR '1'='1")).toBeNull();
  });

  it('describes the bet report: columns in order with types and comments, a million rows', async () => {
    const table = await warehouse.table(1, 'gaming', 'bet_report');
    expect(table?.columns.map((column) => column.name)).toEqual(FACT_COLUMNS);
    expect(table?.columns.map((column) => column.type)).toEqual(BET_REPORT_COLUMNS.map((column) => column.type));
    expect(table?.columns.every((column) => (column.comment ?? '').length > 10)).toBe(true);
    expect(table).toMatchObject({ name: 'bet_report', type: 'table', rowCount: BET_REPORT_ROWS });
    expect(table?.comment).toMatch(/pre-calculated/);
  });

  it('describes views (no row count) and answers null for what does not exist', async () => {
    const view = await warehouse.table(1, 'gaming', 'v_daily_ggr');
    expect(view).toMatchObject({ type: 'view', rowCount: null });
    expect(view?.columns[0]).toEqual({ name: 'date', type: 'DATE', comment: 'Report date' });
    expect(await warehouse.table(1, 'gaming', 'missing')).toBeNull();
    expect(await warehouse.table(1, 'nope', 'bet_report')).toBeNull();
    expect(await warehouse.table(99, 'gaming', 'bet_report')).toBeNull();
  });

  it('searches table names across databases, case-insensitively, prefix matches first', async () => {
    const hits = await warehouse.searchTables('INVOICE', 50);
    expect(hits.map((hit) => `${hit.databaseId}.${hit.schema}.${hit.table.name}`)).toEqual([
      '2.ap.invoice_lines',
      '2.ar.invoice_lines',
      '2.ap.invoices',
      '2.ar.invoices',
      '2.ap.v_open_invoices',
    ]);
    expect((await warehouse.searchTables('bet', 3)).map((hit) => hit.table.name)).toEqual(['bet_legs', 'bet_report', 'bet_slips']);
    expect(await warehouse.searchTables("'; DROP TABLE x; --", 10)).toEqual([]);
    expect(await warehouse.searchTables('%', 10)).toEqual([]);
  });

  it('holds about 300 tables and views, every one and every column commented', async () => {
    const [counts] = await query(`SELECT
      (SELECT count(*) FROM duckdb_tables() WHERE database_name IN ('lakehouse', 'finance', 'marketing')) AS tables,
      (SELECT count(*) FROM duckdb_views() WHERE NOT internal AND database_name IN ('lakehouse', 'finance', 'marketing')) AS views,
      (SELECT count(DISTINCT database_name || schema_name) FROM duckdb_tables()) AS schemas,
      (SELECT count(*) FROM duckdb_tables() WHERE comment IS NULL) + (SELECT count(*) FROM duckdb_views() WHERE NOT internal AND comment IS NULL)
        + (SELECT count(*) FROM duckdb_columns() WHERE database_name IN ('lakehouse', 'finance', 'marketing') AND comment IS NULL) AS uncommented`);
    expect(counts.tables).toBeGreaterThanOrEqual(280);
    expect(counts.views).toBeGreaterThanOrEqual(5);
    expect(counts.schemas).toBeGreaterThanOrEqual(20);
    expect(counts.uncommented).toBe(0);
  });

  it('keeps the bet report consistent', async () => {
    const [check] = await query(`SELECT count(*) AS rows,
      count(*) FILTER (WHERE win_lose <> pay_out_amt - bet_amt) AS win_lose,
      count(*) FILTER (WHERE comm_amt <> round(valid_amt * comm_rate, 2)) AS commission,
      -- Rounded to the cent: off by half a cent at most (the check itself computes in DOUBLE).
      count(*) FILTER (WHERE abs(lvl_0_pt_amt + win_lose * lvl_0_position / 100) > 0.0051) AS position_taking,
      count(*) FILTER (WHERE abs(lvl_0_pay_out - (win_lose + comm_amt) * lvl_0_position / 100) > 0.0051) AS agent_pay_out,
      count(*) FILTER (WHERE valid_amt > bet_amt OR bet_amt <= 0 OR pay_out_amt < 0 OR stake < 1) AS amounts,
      count(*) FILTER (WHERE update_date < create_date OR create_date < pre_cal OR date <> pre_cal::DATE) AS times,
      count(*) FILTER (WHERE NOT starts_with(username, prefix) OR NOT starts_with(lvl_0_ag_user, prefix)) AS logins,
      count(DISTINCT pre_cal_id) AS ids, min(date) AS first_day, max(date) AS last_day,
      round(sum(pay_out_amt) / sum(bet_amt), 2) AS rtp
      FROM bet_report`);
    expect(check).toEqual({
      rows: BET_REPORT_ROWS,
      win_lose: 0,
      commission: 0,
      position_taking: 0,
      agent_pay_out: 0,
      amounts: 0,
      times: 0,
      logins: 0,
      ids: BET_REPORT_ROWS,
      first_day: '2025-01-01',
      last_day: '2025-03-31',
      rtp: 0.95,
    });
  });

  it('joins the bet report to its dimensions', async () => {
    const [unmatched] = await query(`SELECT
      count(*) FILTER (WHERE m.member_id IS NULL OR m.prefix <> b.prefix OR m.currency <> b.currency) AS members,
      count(*) FILTER (WHERE a.agent_id IS NULL OR a.position <> b.lvl_0_position OR a.comm_rate <> b.comm_rate) AS agents,
      count(*) FILTER (WHERE g.game_id IS NULL OR g.game_name <> b.game_name OR g.provider <> b.provider) AS games
      FROM bet_report b LEFT JOIN members m USING (member_id) LEFT JOIN agents a ON a.agent_id = b.lvl_0_agent_id
      LEFT JOIN games g USING (game_id)`);
    expect(unmatched).toEqual({ members: 0, agents: 0, games: 0 });
  });
});
