import { literal } from '../sql';
import { between, dateIn, hashOf, money, pick, timestampIn, unit } from './gen';

/** Type, comment, and the SQL of the value of row `key` (varied by `salt`). */
export type Explicit = [type: string, comment: string, value: (key: string, salt: string) => string];

const choice =
  (...values: string[]) =>
  (key: string, salt: string) =>
    pick(key, salt, values);

/** Some rows NULL, the others one of the values. */
const optional =
  (...values: string[]) =>
  (key: string, salt: string) =>
    `CASE WHEN ${hashOf(key, `${salt}.null`)} % 3 = 0 THEN NULL ELSE ${pick(key, salt, values)} END`;

export const currencyCodes = choice('THB', 'THB', 'MYR', 'VND', 'IDR', 'USD', 'CNY', 'EUR');
export const countryCodes = choice('TH', 'TH', 'MY', 'VN', 'ID', 'PH', 'SG', 'CN');

/** Company names such as "Lotus Payments Pte. Ltd.". */
const companies = (key: string, salt: string) =>
  [
    pick(key, `${salt}.a`, ['Siam', 'Asia', 'Golden', 'Pacific', 'Blue River', 'Nova', 'Lotus', 'Mekong', 'Orchid', 'Harbour']),
    pick(key, `${salt}.b`, ['Digital', 'Payments', 'Media', 'Data', 'Logistics', 'Cloud', 'Telecom', 'Consulting']),
    pick(key, `${salt}.c`, ['Co., Ltd.', 'Pte. Ltd.', 'Sdn. Bhd.', 'Inc.', 'PT', 'JSC']),
  ].join(" || ' ' || ");

const ipAddress = (k: string, s: string) =>
  `concat_ws('.', ${between(k, `${s}.1`, 1, 223)}, ${between(k, `${s}.2`, 0, 255)}, ${between(k, `${s}.3`, 0, 255)}, ${between(k, `${s}.4`, 1, 254)})`;

const tags = (k: string, s: string) =>
  `[${pick(k, `${s}.1`, ['vip', 'new', 'promo', 'review', 'high_value'])}, ${pick(k, `${s}.2`, ['th', 'my', 'vn', 'mobile', 'desktop'])}]`;

const properties = (k: string, s: string) =>
  `MAP(['source', 'medium'], [${pick(k, `${s}.1`, ['google', 'facebook', 'line', 'tiktok'])}, ${pick(k, `${s}.2`, ['cpc', 'organic', 'referral'])}])`;

const metadata = (k: string, s: string) =>
  `{'source': ${pick(k, `${s}.1`, ['api', 'sftp', 'kafka'])}, 'version': ${between(k, `${s}.2`, 1, 4)}, 'verified': ${hashOf(k, `${s}.3`)} % 5 <> 0}`;

const payload = (k: string, s: string) =>
  `json_object('id', ${k} + 1, 'kind', ${pick(k, s, ['bet', 'deposit', 'login', 'bonus'])}, 'amount', ${money(k, `${s}.amount`, 500)})`;

/** Column names with a meaning of their own (kinds.ts derives the others from name patterns). */
export const EXPLICIT: Record<string, Explicit> = {
  currency_code: ['VARCHAR', 'Currency (ISO 4217)', currencyCodes],
  country_code: ['VARCHAR', 'Country (ISO 3166-1 alpha-2)', countryCodes],
  status: ['VARCHAR', 'Lifecycle status', choice('active', 'active', 'pending', 'closed', 'failed')],
  channel: ['VARCHAR', 'Channel the record came through', choice('web', 'mobile_app', 'call_center', 'affiliate', 'email', 'line')],
  device_type: ['VARCHAR', 'Device class', choice('ios', 'android', 'desktop', 'tablet')],
  platform: ['VARCHAR', 'Client platform', choice('web', 'ios', 'android')],
  language_code: ['VARCHAR', 'Preferred language (ISO 639-1)', choice('th', 'en', 'vi', 'id', 'ms', 'zh')],
  segment: ['VARCHAR', 'Customer segment', choice('vip', 'regular', 'casual', 'dormant', 'new')],
  tier: ['VARCHAR', 'Loyalty tier', choice('bronze', 'silver', 'gold', 'platinum', 'diamond')],
  payment_method: ['VARCHAR', 'Payment method', choice('bank_transfer', 'promptpay', 'credit_card', 'e_wallet', 'usdt', 'qr_payment')],
  email: ['VARCHAR', 'E-mail address (synthetic)', (k, s) => `'user' || lpad((${hashOf(k, s)} % 100000)::VARCHAR, 5, '0') || '@example.com'`],
  phone: ['VARCHAR', 'Phone number in E.164 form (synthetic)', (k, s) => `'+66' || (800000000 + ${hashOf(k, s)} % 99999999)::VARCHAR`],
  city: ['VARCHAR', 'City', choice('Bangkok', 'Chiang Mai', 'Kuala Lumpur', 'Penang', 'Ho Chi Minh City', 'Hanoi', 'Jakarta', 'Manila', 'Singapore')],
  first_name: ['VARCHAR', 'Given name (synthetic)', choice('Somchai', 'Nicha', 'Wei', 'Siti', 'Minh', 'Anan', 'Maria', 'Arjun', 'Mei', 'Budi')],
  last_name: ['VARCHAR', 'Family name (synthetic)', choice('Srisuk', 'Tan', 'Nguyen', 'Santos', 'Wong', 'Rahman', 'Chaiyaporn', 'Lim', 'Garcia')],
  description: ['VARCHAR', 'Free-text description', choice(
    'Standard terms', 'Monthly recurring', 'One-off adjustment', 'Migrated from legacy system', 'Seasonal promotion',
  )],
  notes: ['VARCHAR', 'Operator notes; NULL when none', optional('Reviewed', 'Escalated to finance', 'Customer called', 'Auto-generated', 'Pending documents')],
  reason: ['VARCHAR', 'Reason given', choice('customer_request', 'fraud_suspected', 'duplicate', 'expired', 'policy_change', 'technical_error')],
  source_system: ['VARCHAR', 'System the record was extracted from', choice('core_wallet', 'sportsbook', 'casino_gateway', 'crm', 'erp', 'payment_gateway')],
  ip_address: ['VARCHAR', 'Client IPv4 address', ipAddress],
  user_agent: ['VARCHAR', 'Browser or app user agent', choice(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
    'ConsoleApp/4.12 (Android)',
  )],
  event_name: ['VARCHAR', 'Event name', choice('login', 'deposit', 'bet_placed', 'withdrawal_requested', 'bonus_claimed', 'page_view', 'signup')],
  priority: ['VARCHAR', 'Priority', choice('low', 'medium', 'medium', 'high', 'urgent')],
  tags: ['VARCHAR[]', 'Labels attached to the record', tags],
  properties: ['MAP(VARCHAR, VARCHAR)', 'Extra key/value attributes', properties],
  metadata: ['STRUCT(source VARCHAR, version INTEGER, verified BOOLEAN)', 'Load metadata: source, schema version and verification flag', metadata],
  payload: ['JSON', 'Raw event payload as received', payload],
  checksum: ['BLOB', 'MD5 digest of the source record', (k, s) => `unhex(md5(${literal(s)} || ${k}::VARCHAR))`],
  row_hash: ['UBIGINT', 'Hash of the row used for change detection', (k, s) => hashOf(k, s)],
  duration: ['INTERVAL', 'How long it took', (k, s) => `to_seconds((${hashOf(k, s)} % 7200)::BIGINT)`],
  cutoff_time: ['TIME', 'Daily cut-off time (local)', (k, s) => `TIME '00:00:00' + to_minutes((${hashOf(k, s)} % 1440)::BIGINT)`],
  fiscal_year: ['INTEGER', 'Fiscal year', () => '2025'],
  fiscal_period: ['VARCHAR', 'Fiscal period (P01-P12)', (k, s) => `'P' || lpad(${between(k, s, 1, 3)}::VARCHAR, 2, '0')`],
  period: ['VARCHAR', 'Month (YYYY-MM)', (k, s) => `strftime(${dateIn(k, s)}, '%Y-%m')`],
  quarter: ['VARCHAR', 'Quarter', () => "'2025-Q1'"],
  version: ['INTEGER', 'Version number', (k, s) => between(k, s, 1, 5)],
  score: ['DOUBLE', 'Model score from 0 to 1', (k, s) => `round(${unit(k, s)}, 4)`],
  account_type: ['VARCHAR', 'Account class', choice('asset', 'liability', 'equity', 'revenue', 'expense')],
  account_code: ['VARCHAR', 'General ledger account number', choice(
    '1000', '1100', '1200', '1300', '2000', '2100', '3000', '4000', '4100', '5000', '5100', '6100', '6200', '6300',
  )],
  cost_center: ['VARCHAR', 'Cost center', choice('CC-100 Operations', 'CC-200 Marketing', 'CC-300 Technology', 'CC-400 Finance', 'CC-500 Customer Service')],
  department: ['VARCHAR', 'Department', choice('Operations', 'Marketing', 'Technology', 'Finance', 'Customer Service', 'Risk', 'HR')],
  job_title: ['VARCHAR', 'Job title', choice('Analyst', 'Senior Analyst', 'Engineer', 'Manager', 'Specialist', 'Director')],
  vendor_name: ['VARCHAR', 'Vendor legal name', companies],
  customer_name: ['VARCHAR', 'Customer legal name', companies],
  bank_name: ['VARCHAR', 'Bank', choice('Kasikornbank', 'Bangkok Bank', 'SCB', 'Krungsri', 'Maybank', 'CIMB', 'Vietcombank', 'BCA')],
  swift_code: ['VARCHAR', 'Bank SWIFT/BIC code', choice('KASITHBK', 'BKKBTHBK', 'SICOTHBK', 'MBBEMYKL', 'BFTVVNVX', 'CENAIDJA')],
  direction: ['VARCHAR', 'Debit or credit', choice('debit', 'credit')],
  memo: ['VARCHAR', 'Posting memo', choice('Monthly accrual', 'Provider fee', 'Payment gateway settlement', 'FX revaluation', 'Payroll', 'Marketing spend')],
  dag_id: ['VARCHAR', 'Airflow DAG id', choice('ingest_bets_hourly', 'build_core_daily', 'marts_refresh', 'finance_close', 'crm_sync', 'fx_rates_daily')],
  task_id: ['VARCHAR', 'Airflow task id', choice('extract', 'load_raw', 'transform', 'test', 'publish')],
  run_id: ['VARCHAR', 'Airflow run id', (k, s) => `'scheduled__' || strftime(${timestampIn(k, s)}, '%Y-%m-%dT%H:00:00+00:00')`],
  table_name: ['VARCHAR', 'Table checked', choice(
    'gaming.bet_report', 'core.dim_member', 'core.fct_deposits', 'staging.stg_wallet_transactions', 'marts.mart_daily_ggr',
  )],
  check_name: ['VARCHAR', 'Data quality check', choice('not_null', 'unique', 'freshness', 'row_count_delta', 'accepted_values', 'referential_integrity')],
  error_message: ['VARCHAR', 'Error text; NULL when it succeeded', optional('timeout after 300 s', 'upstream file missing', 'schema mismatch', 'connection reset')],
  rows_loaded: ['BIGINT', 'Rows written', (k, s) => `(${hashOf(k, s)} % 2000000)::BIGINT`],
  odds: ['DECIMAL(8,3)', 'Decimal odds', (k, s) => `(1.05 + ${unit(k, s)} * 6)::DECIMAL(8,3)`],
  sport: ['VARCHAR', 'Sport', choice('football', 'basketball', 'tennis', 'esports', 'muay_thai', 'badminton')],
  league: ['VARCHAR', 'League or competition', choice('Premier League', 'Thai League 1', 'NBA', 'La Liga', 'V.League 1', 'LoL Champions Korea')],
  home_team: ['VARCHAR', 'Home team', choice('Buriram United', 'Arsenal', 'Lakers', 'Real Madrid', 'Hanoi FC', 'T1')],
  away_team: ['VARCHAR', 'Away team', choice('Bangkok United', 'Chelsea', 'Celtics', 'Barcelona', 'Viettel', 'Gen.G')],
  market: ['VARCHAR', 'Betting market', choice('1X2', 'Asian Handicap', 'Over/Under', 'Correct Score', 'Outright')],
  provider: ['VARCHAR', 'Game provider', choice('PGSOFT', 'JILI', 'PRAGMATIC', 'EVOLUTION', 'SBOBET', 'SEXY', 'JOKER', 'SPADE', 'CQ9', 'KINGMAKER')],
  game_type: ['VARCHAR', 'Game type', choice('SLOT', 'LIVE_CASINO', 'SPORTS', 'FISHING', 'CARD')],
  kyc_level: ['INTEGER', 'KYC level reached (0 none, 3 full)', (k, s) => between(k, s, 0, 3)],
  browser: ['VARCHAR', 'Browser', choice('Chrome', 'Safari', 'Samsung Internet', 'Firefox', 'Edge')],
  os: ['VARCHAR', 'Operating system', choice('iOS', 'Android', 'Windows', 'macOS')],
  referrer: ['VARCHAR', 'Referring site; NULL for direct traffic', optional('google.com', 'facebook.com', 'line.me', 'tiktok.com', 'affiliate-portal.example')],
  page_path: ['VARCHAR', 'Page path', choice('/', '/promotions', '/casino', '/sports', '/deposit', '/register', '/vip')],
  utm_source: ['VARCHAR', 'UTM source', choice('google', 'facebook', 'line', 'tiktok', 'affiliate', 'newsletter')],
  utm_medium: ['VARCHAR', 'UTM medium', choice('cpc', 'social', 'email', 'referral', 'display')],
  utm_campaign: ['VARCHAR', 'UTM campaign', choice('songkran_2025', 'new_year_bonus', 'ucl_final', 'weekend_cashback', 'vip_reactivation')],
  variant: ['VARCHAR', 'Experiment arm', choice('control', 'variant_a', 'variant_b')],
  subject: ['VARCHAR', 'Message subject', choice(
    'Your weekly cashback is here', 'Deposit bonus: 50% today only', 'We miss you!', 'VIP invitation', 'Verify your account',
  )],
  hour: ['INTEGER', 'Hour of day (0-23, local time)', (k, s) => between(k, s, 0, 23)],
  quantity: ['INTEGER', 'Quantity', (k, s) => between(k, s, 1, 50)],
  latitude: ['DOUBLE', 'Latitude (WGS 84)', (k, s) => `round(1.2 + ${unit(k, s)} * 20, 5)`],
  longitude: ['DOUBLE', 'Longitude (WGS 84)', (k, s) => `round(98 + ${unit(k, s)} * 25, 5)`],
  currency_name: ['VARCHAR', 'Currency name', choice('Thai baht', 'Malaysian ringgit', 'Vietnamese dong', 'Indonesian rupiah', 'US dollar', 'Chinese yuan')],
  country_name: ['VARCHAR', 'Country name', choice('Thailand', 'Malaysia', 'Vietnam', 'Indonesia', 'Philippines', 'Singapore', 'Cambodia')],
  market_name: ['VARCHAR', 'Market the country belongs to', choice('Thailand', 'Malaysia', 'Vietnam', 'Indonesia', 'Rest of Asia')],
  game_name: ['VARCHAR', 'Game name', choice('Fortune Ways', 'Mahjong Ways 2', 'Gates of Olympus', 'Speed Baccarat A', 'Lightning Roulette', 'Ocean King II')],
  provider_name: ['VARCHAR', 'Provider name', choice('PG Soft', 'JILI Games', 'Pragmatic Play', 'Evolution', 'SBOBET', 'Sexy Gaming')],
  campaign_name: ['VARCHAR', 'Campaign name', choice('Songkran 2025', 'New Year bonus', 'UCL final', 'Weekend cashback', 'VIP reactivation', 'Lunar New Year')],
  bonus_name: ['VARCHAR', 'Bonus product name', choice('Welcome bonus 100%', 'Weekly cashback 5%', 'Reload bonus 30%', '50 free spins', 'Birthday bonus')],
  promotion_name: ['VARCHAR', 'Promotion name', choice('Songkran splash', 'Deposit 300 get 600', 'Sunday cashback', 'Refer a friend', 'Slot tournament')],
  jackpot_name: ['VARCHAR', 'Jackpot name', choice('Mega Fortune', 'Dragon Hoard', 'Grand Jackpot', 'Daily Drop')],
  payment_provider_name: ['VARCHAR', 'Payment service provider', choice('2C2P', 'Omise', 'Razer Merchant Services', 'Xendit', 'PayMongo', 'VNPay')],
  account_manager_name: ['VARCHAR', 'VIP account manager', choice('Nicha S.', 'Wei L.', 'Anan C.', 'Maria G.')],
  requested_by_name: ['VARCHAR', 'Analyst who asked', choice('Pim', 'Jack', 'Linh', 'Rizal', 'Aiko')],
  search_term: ['VARCHAR', 'What the visitor searched for', choice('baccarat', 'free spins', 'deposit bonus', 'mahjong ways', 'withdraw', 'football odds')],
  created_at: ['TIMESTAMP', 'When the row was created (UTC)', (k, s) => timestampIn(k, s)],
  updated_at: ['TIMESTAMP', 'When the row was last changed (UTC)', (k, s) => `${timestampIn(k, s)} + INTERVAL 2 HOUR`],
  loaded_at: ['TIMESTAMP', 'When the pipeline loaded the row (UTC)', (k, s) => timestampIn(k, s)],
};
