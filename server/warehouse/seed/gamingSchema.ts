import { identifier, literal, qualified } from '../sql';
import { BET_REPORT, betReportComments, betReportSql } from './betReport';
import { agent, COUNTS, currenciesTable, game, member, providersTable, site } from './gaming';
import { between, timestampIn } from './gen';
import { t, tableStatements } from './tables';

const { catalog, schema } = BET_REPORT;

/** Column of a dimension: name, type, comment and value over the FROM of its table. */
type Column = [name: string, type: string, comment: string, value: string];

interface Dimension {
  name: string;
  comment: string;
  from: string;
  columns: Column[];
}

/** The dimensions of the bet report, computed with the same expressions as its columns. */
const DIMENSIONS: Dimension[] = [
  {
    name: 'members',
    comment: 'Members of every site, with their agent and home currency. member_id joins bet_report.member_id.',
    from: `(SELECT m, a, ${agent.site('a')} AS s FROM (SELECT m, ${member.agent('m')} AS a FROM range(${COUNTS.members}) r(m)))`,
    columns: [
      ['member_id', 'BIGINT', 'Member id', member.id('m')],
      ['username', 'VARCHAR', 'Login: site prefix and member number', member.username('m', site.prefix('s'))],
      ['prefix', 'VARCHAR', 'Site the member registered on', site.prefix('s')],
      ['agent_id', 'BIGINT', 'Direct (level-0) agent', agent.id('a')],
      ['currency', 'VARCHAR', 'Wallet currency (ISO 4217)', site.currency('s')],
      ['country_code', 'VARCHAR', 'Country of residence (ISO 3166-1 alpha-2)', member.geo('s', 'm')],
      ['registered_at', 'TIMESTAMP', 'Registration time (UTC)', `${timestampIn('m', 'member.registered')} - INTERVAL 180 DAY`],
    ],
  },
  {
    name: 'agents',
    comment: 'Level-0 agents: position taking and commission terms. agent_id joins bet_report.lvl_0_agent_id.',
    from: `range(${COUNTS.agents}) r(a)`,
    columns: [
      ['agent_id', 'BIGINT', 'Agent id', agent.id('a')],
      ['ag_user', 'VARCHAR', 'Agent login', agent.user('a')],
      ['prefix', 'VARCHAR', 'Site the agent works for', site.prefix(agent.site('a'))],
      ['position', 'DECIMAL(5,2)', 'Position taking, in percent of the house result', agent.position('a')],
      ['comm_rate', 'DECIMAL(6,4)', 'Commission rate granted to members on valid turnover', agent.commRate('a')],
      ['currency', 'VARCHAR', 'Settlement currency', site.currency(agent.site('a'))],
    ],
  },
  {
    name: 'games',
    comment: 'Games offered, by provider. game_id joins bet_report.game_id.',
    from: `(SELECT g, ${game.type('g')} AS game_type FROM range(${COUNTS.games}) r(g))`,
    columns: [
      ['game_key', 'INTEGER', 'Surrogate key of the game', 'g + 1'],
      ['game_id', 'VARCHAR', "Provider's game code", game.id('g')],
      ['provider', 'VARCHAR', 'Game provider', game.provider('g')],
      ['game_name', 'VARCHAR', 'Game name', game.name('g', 'game_type')],
      ['type', 'VARCHAR', 'Game type', 'game_type'],
      ['rtp_pct', 'DECIMAL(5,2)', 'Theoretical return to player, in percent', `(94 + ${between('g', 'game.rtp', 0, 350)} / 100)::DECIMAL(5,2)`],
    ],
  },
];

const SMALL_TABLES = [
  t('provider_settlements', 'Monthly settlements with game providers', 'settlement_id provider period ggr_amount revenue_share_pct settlement_amount currency_code status'),
  t('member_limits', 'Responsible gaming limits set by members', 'limit_id member_id limit_type deposit_limit loss_limit starts_at ends_at'),
  t('jackpot_pools', 'Progressive jackpot pools', 'pool_id provider jackpot_name pool_amount currency_code updated_at'),
  t('tournament_leaderboard', 'Slot tournament standings', 'entry_id member_id tournament_name points_count prize_amount updated_at'),
  t('game_sessions_sample', 'A sample of raw game sessions', 'session_id member_id provider game_type duration bets created_at'),
];

/**
 * The gaming schema (online gaming: the pre-calculated bet report, its dimensions and settlement
 * tables): dimensions and small tables, then the million-row bet report in a batch of its own.
 */
export function gamingStatements(): string[][] {
  const target = qualified(catalog, schema);
  const setup = [
    `CREATE SCHEMA ${target}`,
    ...DIMENSIONS.flatMap(dimensionStatements),
    ...valuesTable('providers', 'Game providers', providersTable(), {
      provider_id: 'Provider id',
      provider: 'Provider name as in bet_report.provider',
      code: 'Prefix of the game codes',
      main_type: 'Main game type',
    }),
    ...valuesTable('currencies', 'Currencies of the sites with their USD rate', currenciesTable(), {
      currency: 'ISO 4217 code',
      usd_rate: 'Units per US dollar (bet_report.exchange_rates)',
      country_code: 'Main market',
    }),
    ...SMALL_TABLES.flatMap((table) => tableStatements(catalog, schema, table)),
  ];
  return [setup, [betReportSql(), ...betReportComments()]];
}

function dimensionStatements(dimension: Dimension): string[] {
  const table = qualified(catalog, schema, dimension.name);
  const select = dimension.columns.map(([name, type, , value]) => `CAST(${value} AS ${type}) AS ${identifier(name)}`).join(', ');
  return [
    `CREATE TABLE ${table} AS SELECT ${select} FROM ${dimension.from}`,
    `COMMENT ON TABLE ${table} IS ${literal(dimension.comment)}`,
    ...dimension.columns.map(([name, , comment]) => `COMMENT ON COLUMN ${table}.${identifier(name)} IS ${literal(comment)}`),
  ];
}

function valuesTable(name: string, comment: string, select: string, columns: Record<string, string>): string[] {
  const table = qualified(catalog, schema, name);
  return [
    `CREATE TABLE ${table} AS ${select}`,
    `COMMENT ON TABLE ${table} IS ${literal(comment)}`,
    ...Object.entries(columns).map(([column, text]) => `COMMENT ON COLUMN ${table}.${identifier(column)} IS ${literal(text)}`),
  ];
}
