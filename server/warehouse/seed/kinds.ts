import { countryCodes, currencyCodes, EXPLICIT } from './columns';
import { literal } from '../sql';
import { between, code, dateIn, hashOf, money, pick, timestampIn, unit } from './gen';

/**
 * The column vocabulary of the small tables: a column's name decides its type, comment and
 * generated values, so a table is declared as a list of names. A name no rule covers fails
 * the seed loudly rather than getting a meaningless column.
 */
export interface ColumnKind {
  type: string;
  comment: string;
  /** SQL for the value of row `key` (a BIGINT expression), varied by `salt`. */
  value(key: string, salt: string): string;
}

/** Builds the kind from the words the pattern captured (underscores as spaces). */
type Rule = (words: string, primary: boolean) => ColumnKind;

const COUNTED = new Set([
  'clicks', 'impressions', 'installs', 'conversions', 'sends', 'opens', 'bounces', 'unsubscribes', 'registrations',
  'first_deposits', 'sessions', 'page_views', 'tickets', 'bets', 'rounds', 'players', 'members', 'headcount',
]);

/** Patterns on the name's suffix or prefix; the captured words name the thing. */
const RULES: [RegExp, Rule][] = [
  [/^(.+)_currency_code$/, (words) => ({ type: 'VARCHAR', comment: `${capital(words)} currency (ISO 4217)`, value: currencyCodes })],
  [/^(.+)_country_code$/, (words) => ({ type: 'VARCHAR', comment: `${capital(words)} country (ISO 3166-1 alpha-2)`, value: countryCodes })],
  [/^(.+)_(id|key)$/, (words, primary) => ({
    type: 'BIGINT',
    comment: primary ? `Unique id of the ${words}` : `Id of the ${words}`,
    // Every table has at least 5 rows, so references to ids 1001-1005 always find their row.
    value: (k, s) => (primary ? `(1001 + ${k})::BIGINT` : `(1001 + ${hashOf(k, s)} % 5)::BIGINT`),
  })],
  [/^(.+)_uuid$/, (words) => ({ type: 'UUID', comment: `Global id of the ${words}`, value: (k, s) => `md5(${k}::VARCHAR || ${literal(s)})::UUID` })],
  [/^(.+)_code$/, (words) => ({
    type: 'VARCHAR',
    comment: `Code of the ${words}`,
    value: (k, s) => `${literal(`${initials(words)}-`)} || lpad((${hashOf(k, s)} % 1000)::VARCHAR, 3, '0')`,
  })],
  [/^(.+)_number$/, (words, primary) => ({
    type: 'VARCHAR',
    comment: `${capital(words)} number`,
    value: (k, s) => (primary ? code(`${initials(words)}-`, k, 6) : `${code(`${initials(words)}-`, `(${hashOf(k, s)} % 100000)`, 6)}`),
  })],
  [/^(.+)_name$/, (words) => ({ type: 'VARCHAR', comment: `Name of the ${words}`, value: (k, s) => `'${capital(words)} ' || ${between(k, s, 1, 60)}::VARCHAR` })],
  [/^(.+)_type$/, (words) => ({ type: 'VARCHAR', comment: `Kind of ${words}`, value: (k, s) => pick(k, s, ['standard', 'standard', 'premium', 'internal', 'manual']) })],
  [/^(.+)_at$/, (words) => ({ type: 'TIMESTAMP', comment: `${capital(words)} time (UTC)`, value: timestampIn })],
  [/^(.+)_date$/, (words) => ({ type: 'DATE', comment: `${capital(words)} date`, value: dateIn })],
  [/^((?:.+_)?(?:amount|amt|balance|total|fee|price|cost|spend|value|limit))$/, (words) => ({
    type: 'DECIMAL(18,2)',
    comment: `${capital(words)}, in the row's currency`,
    value: (k, s) => money(k, s, 25_000),
  })],
  [/^(.+)_rate$/, (words) => ({ type: 'DECIMAL(9,6)', comment: `${capital(words)} rate`, value: (k, s) => `(${unit(k, s)} * 0.2)::DECIMAL(9,6)` })],
  [/^(.+)_pct$/, (words) => ({ type: 'DECIMAL(5,2)', comment: `${capital(words)}, in percent`, value: (k, s) => `(${unit(k, s)} * 100)::DECIMAL(5,2)` })],
  [/^(.+)_(count|cnt)$/, (words) => ({ type: 'INTEGER', comment: `Number of ${words}`, value: (k, s) => between(k, s, 0, 5000) })],
  [/^is_(.+)$/, (words) => ({ type: 'BOOLEAN', comment: `True when ${words}`, value: (k, s) => `${hashOf(k, s)} % 4 <> 0` })],
  [/^has_(.+)$/, (words) => ({ type: 'BOOLEAN', comment: `True when it has ${words}`, value: (k, s) => `${hashOf(k, s)} % 4 <> 0` })],
  [/^(.+)_seconds$/, (words) => ({ type: 'INTEGER', comment: `${capital(words)}, in seconds`, value: (k, s) => between(k, s, 1, 3600) })],
  [/^(.+)_ms$/, (words) => ({ type: 'INTEGER', comment: `${capital(words)}, in milliseconds`, value: (k, s) => between(k, s, 5, 2500) })],
  [/^(.+)_bytes$/, (words) => ({ type: 'BIGINT', comment: `${capital(words)}, in bytes`, value: (k, s) => `(${hashOf(k, s)} % 5000000000)::BIGINT` })],
  [/^(.+)_url$/, (words) => ({ type: 'VARCHAR', comment: `${capital(words)} URL`, value: (k, s) => `'https://www.example.com/' || ${pick(k, s, ['promo', 'casino', 'sports', 'vip', 'register'])}` })],
];

/** The type, comment and value of a column named `name` (`primary`: the table's first column). */
export function columnKind(name: string, primary: boolean): ColumnKind {
  const explicit = EXPLICIT[name];
  if (explicit) {
    const [type, comment, value] = explicit;
    return { type, comment, value };
  }
  if (COUNTED.has(name)) return { type: 'INTEGER', comment: `Number of ${name.replaceAll('_', ' ')}`, value: (k, s) => between(k, s, 0, 5000) };
  for (const [pattern, rule] of RULES) {
    const match = pattern.exec(name);
    if (match) return rule(match[1].replaceAll('_', ' '), primary);
  }
  throw new Error(`The warehouse seed has no column kind for "${name}"`);
}

function capital(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function initials(words: string): string {
  return words
    .split(' ')
    .map((word) => word.slice(0, words.includes(' ') ? 1 : 3))
    .join('')
    .toUpperCase();
}
