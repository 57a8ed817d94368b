import { identifier, literal, qualified } from '../sql';
import { draw, member, ROAMING } from './gaming';
import { between, hashOf, pick, unit } from './gen';

/** Rows of the bet report: one per member, game and hour with bets (pre-calculated). */
export const BET_REPORT_ROWS = 1_000_000;

export const BET_REPORT = { catalog: 'lakehouse', schema: 'gaming', table: 'bet_report' } as const;

interface FactColumn {
  name: string;
  type: string;
  comment: string;
  /** Expression over the columns of the `settled` step below. */
  value: string;
}

const AMOUNT = 'DECIMAL(18,2)';

/** The columns, in table order. Amounts are in the member's currency, computed in cents (see betReportSql). */
export const BET_REPORT_COLUMNS: readonly FactColumn[] = [
  { name: 'pre_cal_id', type: 'BIGINT', comment: 'Unique id of this pre-calculated row', value: '10000001 + i' },
  { name: 'pre_cal', type: 'TIMESTAMP', comment: 'Start of the hour this row pre-calculates (bets are summed per member, game and hour)', value: 'pre_cal' },
  { name: 'username', type: 'VARCHAR', comment: 'Member login: the site prefix followed by the member number', value: 'username' },
  { name: 'member_id', type: 'BIGINT', comment: 'Member id (gaming.members)', value: 'member_id' },
  { name: 'provider', type: 'VARCHAR', comment: 'Game provider (gaming.providers)', value: 'provider' },
  { name: 'prefix', type: 'VARCHAR', comment: 'White-label site the member plays on (username prefix)', value: 'prefix' },
  { name: 'type', type: 'VARCHAR', comment: 'Game type: SLOT, LIVE_CASINO, SPORTS, FISHING or CARD', value: 'game_type' },
  { name: 'game_id', type: 'VARCHAR', comment: "Provider's game code (gaming.games)", value: 'game_id' },
  { name: 'game_name', type: 'VARCHAR', comment: 'Game name as the provider lists it', value: 'game_name' },
  { name: 'create_date', type: 'TIMESTAMP', comment: 'Time of the first bet of the hour (UTC)', value: 'pre_cal + to_seconds(first_second)' },
  { name: 'update_date', type: 'TIMESTAMP', comment: 'Time the row was last recalculated, after the last settlement (UTC)', value: 'pre_cal + to_seconds(first_second + settle_seconds)' },
  { name: 'currency', type: 'VARCHAR', comment: "Member's wallet currency (ISO 4217)", value: 'currency' },
  { name: 'exchange_rates', type: 'DECIMAL(18,6)', comment: 'Units of the currency per US dollar on the bet date', value: 'usd_rate' },
  { name: 'stake', type: 'INTEGER', comment: 'Number of bet tickets in the row', value: 'stake' },
  { name: 'bet_amt', type: AMOUNT, comment: 'Total amount bet', value: cents('bet_c') },
  { name: 'pay_out_amt', type: AMOUNT, comment: 'Total amount paid back to the member, stakes of winning bets included', value: cents('pay_c') },
  { name: 'valid_amt', type: AMOUNT, comment: 'Valid turnover: bet amount less voided, drawn and hedged bets; commission is paid on it', value: cents('valid_c') },
  { name: 'win_lose', type: AMOUNT, comment: "Member's result: pay_out_amt - bet_amt (negative when the house won)", value: cents('pay_c - bet_c') },
  { name: 'comm_amt', type: AMOUNT, comment: 'Commission (rebate) paid to the member: valid_amt × comm_rate, rounded to cents', value: cents('comm_c') },
  { name: 'comm_rate', type: 'DECIMAL(6,4)', comment: 'Commission rate on valid turnover set by the agent (0.0050 = 0.5 %)', value: 'comm_rate' },
  { name: 'ip_geo', type: 'VARCHAR', comment: 'Country of the IP address the bets came from (ISO 3166-1 alpha-2)', value: 'ip_geo' },
  { name: 'lvl_0_position', type: 'DECIMAL(5,2)', comment: "Level-0 agent's position taking, in percent of the house result", value: 'position' },
  { name: 'lvl_0_agent_id', type: 'BIGINT', comment: 'Level-0 (direct) agent of the member (gaming.agents)', value: 'agent_id' },
  { name: 'lvl_0_ag_user', type: 'VARCHAR', comment: "Level-0 agent's login", value: 'ag_user' },
  {
    name: 'lvl_0_pay_out',
    type: AMOUNT,
    comment: "Level-0 agent's share of what members were paid net of stakes: (win_lose + comm_amt) × lvl_0_position / 100, rounded to cents",
    value: cents('round(((pay_c - bet_c + comm_c) * position_pct)::DOUBLE / 100)'),
  },
  {
    name: 'lvl_0_pt_amt',
    type: AMOUNT,
    comment: "Level-0 agent's position-taking amount: the house result (-win_lose) × lvl_0_position / 100, rounded to cents",
    value: cents('round(((bet_c - pay_c) * position_pct)::DOUBLE / 100)'),
  },
  { name: 'date', type: 'DATE', comment: 'Report date (the date of pre_cal)', value: 'pre_cal::DATE' },
];

/**
 * An amount from whole cents. Integer cents keep the arithmetic exact and fast: DECIMAL(18,2)
 * products widen to 128-bit decimals, which made the seed several times slower. The cents
 * stay far below 2^53, so the division by 100 lands on the exact cent.
 */
function cents(expression: string): string {
  return `((${expression})::DOUBLE / 100)`;
}

export const BET_REPORT_COMMENT =
  'Bet report: bets pre-calculated per member, game and hour, with turnover, payout, win/lose, commission and the level-0 agent settlement. One million rows over 90 days.';

/**
 * CREATE TABLE ... AS for the bet report in one vectorised statement: random draws per row,
 * joined to the gaming dimensions (created before it), amounts in cents. Joining beats
 * recomputing the dimension attributes per row; DuckDB's insertion-order preservation keeps
 * the rows in range() order through the joins.
 */
export function betReportSql(rows = BET_REPORT_ROWS): string {
  const { catalog, schema, table } = BET_REPORT;
  const dimension = (name: string) => qualified(catalog, schema, name);
  const select = BET_REPORT_COLUMNS.map((c) => `CAST(${c.value} AS ${c.type}) AS ${identifier(c.name)}`).join(',\n  ');
  return `CREATE TABLE ${qualified(catalog, schema, table)} AS
WITH draws AS (
  SELECT i, ${draw.member('i')} AS m, ${draw.game('i')} AS g, ${draw.hour('i')} AS pre_cal,
    ${between('i', 'bet.stake', 1, 40)} AS stake, exp(${unit('i', 'bet.size')} * 5.0) AS avg_usd,
    ${unit('i', 'bet.win')} AS win, ${unit('i', 'bet.multiple')} AS multiple, ${unit('i', 'bet.void')} < 0.06 AS is_void,
    (${hashOf('i', 'bet.first')} % 3600)::BIGINT AS first_second, 1 + (${hashOf('i', 'bet.settle')} % 1800)::BIGINT AS settle_seconds
  FROM range(${rows}) r(i)
), joined AS (
  SELECT d.*, mb.username, mb.member_id, mb.prefix, mb.currency, cu.usd_rate, mb.agent_id, ag.ag_user,
    ag.position, ag.position::BIGINT AS position_pct, ag.comm_rate, (ag.comm_rate * 10000)::BIGINT AS comm_bp,
    gm.provider, gm.game_id, gm.game_name, gm.type AS game_type,
    CASE WHEN ${unit('i', 'geo.roam')} < 0.88 THEN mb.country_code ELSE ${pick('i', 'geo.abroad', ROAMING)} END AS ip_geo,
    round(avg_usd * stake * cu.usd_rate::DOUBLE * 100)::BIGINT AS bet_c
  FROM draws d
  JOIN ${dimension('members')} mb ON mb.member_id = ${member.id('d.m')}
  JOIN ${dimension('agents')} ag ON ag.agent_id = mb.agent_id
  JOIN ${dimension('currencies')} cu ON cu.currency = mb.currency
  JOIN ${dimension('games')} gm ON gm.game_key = d.g + 1
), paid AS (
  SELECT *,
    -- Return to player about 95 %: most hours lose, some win a little, a few win big.
    round(bet_c * CASE WHEN win < 0.45 THEN 0 WHEN win < 0.95 THEN 0.2 + multiple * 1.2 ELSE 2 + multiple * 18 END)::BIGINT AS pay_c,
    CASE WHEN is_void THEN bet_c // 2 ELSE bet_c END AS valid_c
  FROM joined
), settled AS (
  -- Half-up rounding of valid × rate to the cent (amounts are positive).
  SELECT *, (valid_c * comm_bp + 5000) // 10000 AS comm_c FROM paid
)
SELECT ${select}
FROM settled`;
}

export function betReportComments(): string[] {
  const { catalog, schema, table } = BET_REPORT;
  const target = qualified(catalog, schema, table);
  return [
    `COMMENT ON TABLE ${target} IS ${literal(BET_REPORT_COMMENT)}`,
    ...BET_REPORT_COLUMNS.map((c) => `COMMENT ON COLUMN ${target}.${identifier(c.name)} IS ${literal(c.comment)}`),
  ];
}
