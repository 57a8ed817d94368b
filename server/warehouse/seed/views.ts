import type { ViewSpec } from './tables';

/**
 * Views by catalog and schema. They name tables in full: a view may read another catalog.
 * A null column comment is inherited from the column of that name (bet report or vocabulary).
 */
export const VIEWS: readonly { catalog: string; schema: string; view: ViewSpec }[] = [
  {
    catalog: 'lakehouse',
    schema: 'gaming',
    view: {
      name: 'v_daily_ggr',
      comment: 'Gross gaming revenue per day, site, provider and currency, from the bet report',
      select: `SELECT date, prefix, provider, currency, sum(stake) AS tickets, count(DISTINCT member_id) AS active_members,
  sum(bet_amt) AS turnover, sum(valid_amt) AS valid_turnover, sum(pay_out_amt) AS payout, -sum(win_lose) AS ggr, sum(comm_amt) AS commission
FROM lakehouse.gaming.bet_report GROUP BY date, prefix, provider, currency`,
      columns: {
        date: 'Report date',
        prefix: null,
        provider: null,
        currency: null,
        tickets: 'Bet tickets',
        active_members: 'Members who bet that day',
        turnover: 'Sum of bet_amt',
        valid_turnover: 'Sum of valid_amt',
        payout: 'Sum of pay_out_amt',
        ggr: 'Gross gaming revenue: bets less payouts (-win_lose)',
        commission: 'Commission paid to members',
      },
    },
  },
  {
    catalog: 'lakehouse',
    schema: 'gaming',
    view: {
      name: 'v_agent_settlement',
      comment: 'What each level-0 agent settles per day: position taking and commission',
      select: `SELECT date, lvl_0_agent_id AS agent_id, lvl_0_ag_user AS ag_user, currency, sum(valid_amt) AS valid_turnover,
  sum(comm_amt) AS commission, sum(lvl_0_pt_amt) AS pt_amount, sum(lvl_0_pay_out) AS pay_out
FROM lakehouse.gaming.bet_report GROUP BY ALL`,
      columns: {
        date: 'Report date',
        agent_id: 'Level-0 agent (gaming.agents)',
        ag_user: "Agent's login",
        currency: null,
        valid_turnover: 'Sum of valid_amt',
        commission: 'Commission paid to members',
        pt_amount: "Agent's position-taking result",
        pay_out: "Agent's share of member payouts and commission",
      },
    },
  },
  {
    catalog: 'lakehouse',
    schema: 'marts',
    view: {
      name: 'v_ggr_usd_monthly',
      comment: 'Monthly GGR per provider in US dollars',
      select: `SELECT date_trunc('month', date) AS month, provider, CAST(sum(-win_lose / exchange_rates) AS DECIMAL(18,2)) AS ggr_usd
FROM lakehouse.gaming.bet_report GROUP BY ALL`,
      columns: { month: 'First day of the month', provider: null, ggr_usd: "GGR converted at each row's exchange rate" },
    },
  },
  {
    catalog: 'lakehouse',
    schema: 'core',
    view: {
      name: 'v_current_members',
      comment: 'The current version of each member (dim_member rows with is_current)',
      select: `SELECT member_key, member_id, segment, tier, country_code, language_code, kyc_level, valid_from_date
FROM lakehouse.core.dim_member WHERE is_current`,
      columns: { member_key: null, member_id: null, segment: null, tier: null, country_code: null, language_code: null, kyc_level: null, valid_from_date: null },
    },
  },
  {
    catalog: 'finance',
    schema: 'reporting',
    view: {
      name: 'v_trial_balance',
      comment: 'Trial balance per account from the journal lines',
      select: `SELECT account_code, currency_code, sum(debit_amount) AS debit, sum(credit_amount) AS credit, sum(debit_amount - credit_amount) AS balance
FROM finance.gl.journal_lines GROUP BY ALL`,
      columns: { account_code: null, currency_code: null, debit: 'Sum of debits', credit: 'Sum of credits', balance: 'Debits less credits' },
    },
  },
  {
    catalog: 'finance',
    schema: 'reporting',
    view: {
      name: 'v_gaming_revenue_daily',
      comment: 'Gaming revenue per day and currency, read across catalogs from lakehouse.gaming',
      select: 'SELECT date, currency, sum(turnover) AS turnover, sum(ggr) AS ggr FROM lakehouse.gaming.v_daily_ggr GROUP BY ALL',
      columns: { date: 'Report date', currency: null, turnover: 'Amount bet', ggr: 'Gross gaming revenue' },
    },
  },
  {
    catalog: 'finance',
    schema: 'ap',
    view: {
      name: 'v_open_invoices',
      comment: 'Vendor invoices not yet closed',
      select: "SELECT invoice_id, invoice_number, vendor_id, invoice_amount, currency_code, status, due_date FROM finance.ap.invoices WHERE status <> 'closed'",
      columns: { invoice_id: null, invoice_number: null, vendor_id: null, invoice_amount: null, currency_code: null, status: null, due_date: null },
    },
  },
  {
    catalog: 'marketing',
    schema: 'campaigns',
    view: {
      name: 'v_campaign_sends',
      comment: 'Messages sent per campaign and channel',
      select: `SELECT c.campaign_id, c.campaign_name, s.channel, count(*) AS sends
FROM marketing.campaigns.campaigns c JOIN marketing.campaigns.sends s USING (campaign_id) GROUP BY ALL`,
      columns: { campaign_id: null, campaign_name: null, channel: null, sends: 'Messages sent' },
    },
  },
];
