import { literal } from '../sql';
import { between, hashOf, pick, SEED_DAYS, SEED_START, unit } from './gen';

/**
 * The gaming domain behind the bet report: sites, agents, members, providers and games. Each
 * attribute is an expression of its entity's number, so the fact table computes it inline
 * and the dimension tables compute the same values: consistent without a join in the seed.
 */

/** White-label sites: username prefix, currency, home country and USD rate (units per USD). */
const SITES = [
  { prefix: 'ufa', currency: 'THB', country: 'TH', rate: '35.850000' },
  { prefix: 'bk8', currency: 'MYR', country: 'MY', rate: '4.720000' },
  { prefix: 'w88', currency: 'VND', country: 'VN', rate: '24350.000000' },
  { prefix: 'm88', currency: 'IDR', country: 'ID', rate: '15650.000000' },
  { prefix: 'fun', currency: 'THB', country: 'TH', rate: '35.850000' },
  { prefix: 'dfb', currency: 'CNY', country: 'CN', rate: '7.190000' },
  { prefix: 'sbk', currency: 'USD', country: 'PH', rate: '1.000000' },
  { prefix: 'hbt', currency: 'THB', country: 'TH', rate: '35.850000' },
] as const;

const PROVIDERS = [
  { name: 'PGSOFT', code: 'pg', types: ['SLOT'] },
  { name: 'JILI', code: 'ji', types: ['SLOT', 'SLOT', 'FISHING'] },
  { name: 'PRAGMATIC', code: 'pp', types: ['SLOT', 'SLOT', 'LIVE_CASINO'] },
  { name: 'EVOLUTION', code: 'evo', types: ['LIVE_CASINO'] },
  { name: 'SBOBET', code: 'sbo', types: ['SPORTS'] },
  { name: 'SEXY', code: 'sx', types: ['LIVE_CASINO'] },
  { name: 'JOKER', code: 'jk', types: ['SLOT', 'FISHING'] },
  { name: 'SPADE', code: 'sg', types: ['SLOT'] },
  { name: 'CQ9', code: 'cq9', types: ['SLOT', 'FISHING'] },
  { name: 'KINGMAKER', code: 'km', types: ['CARD'] },
] as const;

export const COUNTS = { sites: SITES.length, agents: 200, members: 50_000, providers: PROVIDERS.length, games: 400 };

const NAMES: Record<string, [readonly string[], readonly string[]]> = {
  SLOT: [
    ['Fortune', 'Dragon', 'Lucky', 'Golden', 'Mahjong', 'Wild', 'Treasure', 'Panda', 'Tiger', 'Phoenix', 'Sweet', 'Gates of'],
    ['Ways', 'Riches', 'Bonanza', 'Tales', 'Gems', 'Legend', 'Rush', 'Party', 'Empire', 'Wins', 'Olympus', 'Koi'],
  ],
  LIVE_CASINO: [
    ['Baccarat', 'Speed Baccarat', 'Roulette', 'Blackjack', 'Dragon Tiger', 'Sic Bo', 'Lightning Roulette', 'Crazy Time'],
    ['A', 'B', 'C', 'VIP', 'Squeeze', 'Classic'],
  ],
  SPORTS: [
    ['Football', 'Basketball', 'Tennis', 'E-Football', 'Muay Thai', 'Badminton', 'Volleyball'],
    ['Handicap', 'Over/Under', '1X2', 'Parlay', 'Outright', 'Correct Score'],
  ],
  FISHING: [
    ['Ocean King', 'Fishing War', 'Dinosaur Tycoon', 'Mega Fishing', 'Royal Fishing', 'Bombing Fishing'],
    ['', 'II', 'Deluxe', 'Jackpot'],
  ],
  CARD: [
    ['Teen Patti', 'Andar Bahar', 'Pok Deng', 'Fan Tan', 'Thai Hi-Lo', 'Sicbo'],
    ['', 'Deluxe', 'Turbo'],
  ],
};

function bySite(siteNumber: string, field: 'prefix' | 'currency' | 'country' | 'rate'): string {
  const values = SITES.map((entry) => (field === 'rate' ? entry.rate : literal(entry[field])));
  return `([${values.join(', ')}])[1 + ${siteNumber}]`;
}

/** Site attributes, from the site number `s` (0-based). */
export const site = {
  prefix: (s: string) => bySite(s, 'prefix'),
  currency: (s: string) => bySite(s, 'currency'),
  country: (s: string) => bySite(s, 'country'),
  rate: (s: string) => `${bySite(s, 'rate')}::DECIMAL(18,6)`,
};

/** Agent attributes, from the agent number `a`. */
export const agent = {
  site: (a: string) => `(${a} % ${SITES.length})`,
  id: (a: string) => `(100001 + ${a})::BIGINT`,
  user: (a: string) => `${site.prefix(agent.site(a))} || 'ag' || lpad((${a} + 1)::VARCHAR, 4, '0')`,
  position: (a: string) => `(50 + ${between(a, 'agent.position', 0, 9)} * 5)::DECIMAL(5,2)`,
  commRate: (a: string) => `([0.0000, 0.0025, 0.0050, 0.0075, 0.0100])[1 + (${hashOf(a, 'agent.comm')} % 5)::INTEGER]::DECIMAL(6,4)`,
};

/** Countries members play from when abroad. */
export const ROAMING = ['SG', 'KH', 'LA', 'MM', 'HK', 'JP', 'KR', 'AU'];

/** Member attributes, from the member number `m`. */
export const member = {
  agent: (m: string) => `(${hashOf(m, 'member.agent')} % ${COUNTS.agents})::INTEGER`,
  id: (m: string) => `(5000001 + ${m})::BIGINT`,
  username: (m: string, prefix: string) => `${prefix} || lpad((${m} + 1)::VARCHAR, 6, '0')`,
  /** Mostly the site's country; some play from abroad (drawn per `key`: per member or per bet). */
  geo: (s: string, key: string) =>
    `CASE WHEN ${unit(key, 'geo.roam')} < 0.88 THEN ${site.country(s)} ELSE ${pick(key, 'geo.abroad', ROAMING)} END`,
};

/** Provider and game attributes, from the game number `g`. */
export const game = {
  provider: (g: string) => `([${PROVIDERS.map((p) => literal(p.name)).join(', ')}])[1 + ${g} % ${PROVIDERS.length}]`,
  id: (g: string) => `([${PROVIDERS.map((p) => literal(p.code)).join(', ')}])[1 + ${g} % ${PROVIDERS.length}] || '_' || (1001 + ${g})::VARCHAR`,
  type: (g: string) =>
    `CASE ${g} % ${PROVIDERS.length} ${PROVIDERS.map((p, index) => `WHEN ${index} THEN ${pick(g, 'game.type', p.types)}`).join(' ')} END`,
  /** The name, from the game number and its type (an expression or column computed before). */
  name: (g: string, type: string) =>
    `CASE ${type} ${Object.entries(NAMES)
      .map(([kind, [first, second]]) => `WHEN ${literal(kind)} THEN trim(${pick(g, 'game.first', first)} || ' ' || ${pick(g, 'game.second', second)})`)
      .join(' ')} END`,
};

export function providersTable(): string {
  const rows = PROVIDERS.map((p, index) => `(${index + 1}, ${literal(p.name)}, ${literal(p.code)}, ${literal(p.types[0])})`);
  return `SELECT * FROM (VALUES ${rows.join(', ')}) v(provider_id, provider, code, main_type)`;
}

export function currenciesTable(): string {
  const unique = [...new Map(SITES.map((s) => [s.currency, s])).values()];
  const rows = unique.map((s) => `(${literal(s.currency)}, ${s.rate}::DECIMAL(18,6), ${literal(s.country)})`);
  return `SELECT * FROM (VALUES ${rows.join(', ')}) v(currency, usd_rate, country_code)`;
}

/** The hour bucket of bet-report row `i` and its other random draws. */
export const draw = {
  member: (i: string) => `(${hashOf(i, 'bet.member')} % ${COUNTS.members})::INTEGER`,
  game: (i: string) => `(${hashOf(i, 'bet.game')} % ${COUNTS.games})::INTEGER`,
  hour: (i: string) => `(TIMESTAMP '${SEED_START}' + to_hours((${hashOf(i, 'bet.hour')} % ${SEED_DAYS * 24})::BIGINT))`,
};
