import type { ScheduleSpec } from '../model';

/** One demo DAG as the catalog names it; build.ts turns it into tasks, source.ts into a DAG file. */
export interface CatalogEntry {
  dag_id: string;
  tasks: number;
  schedule: ScheduleSpec;
  schedule_text: string | null;
  tags: string[];
  owners: string[];
  paused: boolean;
  description: string;
  /** Tasks that never fail: the DAG the end-to-end test triggers must succeed every time. */
  reliable?: boolean;
}

const cron = (expression: string): ScheduleSpec => ({ kind: 'cron', expression });
const hours = (n: number): ScheduleSpec => ({ kind: 'delta', seconds: n * 3600 });

type Row = [string, number, ScheduleSpec, string | null, string[], string, boolean, string];

// dag_id, tasks, schedule, as written in the file, tags, owner, paused, description
const ROWS: Row[] = [
  ['example_etl', 6, cron('@daily'), "'@daily'", ['etl', 'example'], 'data-eng', false, 'Orders and customers into the warehouse, end to end'],
  ['warehouse_nightly_rebuild', 60, cron('0 2 * * *'), "'0 2 * * *'", ['warehouse', 'nightly'], 'data-eng', false, 'Rebuilds every warehouse mart from the raw layer'],
  ['cleanup_tmp_files', 3, cron('@hourly'), "'@hourly'", ['ops'], 'platform', false, 'Removes scratch files older than a day'],
  ['refresh_exchange_rates', 3, cron('0 6 * * 1-5'), "'0 6 * * 1-5'", ['finance', 'api'], 'finance-data', false, 'Loads ECB reference rates on business days'],
  ['backup_metadata_db', 4, cron('30 3 * * *'), "'30 3 * * *'", ['ops', 'backup'], 'platform', false, 'Dumps the metadata database to object storage'],
  ['orders_incremental', 14, hours(6), 'timedelta(hours=6)', ['etl', 'orders'], 'data-eng', false, 'Pulls new and changed orders every six hours'],
  ['customer_360', 22, cron('@daily'), "'@daily'", ['marketing', 'ml'], 'analytics', false, 'Joins CRM, web sessions and orders into one customer view'],
  ['marketing_attribution', 18, cron('0 7 * * *'), "'0 7 * * *'", ['marketing'], 'analytics', false, 'Multi-touch attribution of last week\'s conversions'],
  ['finance_month_close', 26, cron('0 4 1 * *'), "'0 4 1 * *'", ['finance', 'reporting'], 'finance-data', true, 'Month-end ledger reconciliation and reports'],
  ['inventory_snapshot', 9, cron('0 */4 * * *'), "'0 */4 * * *'", ['inventory'], 'supply-chain', false, 'Stock levels per warehouse every four hours'],
  ['shipment_tracking_sync', 11, cron('*/30 * * * *'), "'*/30 * * * *'", ['logistics', 'api'], 'supply-chain', false, 'Carrier tracking events into the shipments table'],
  ['product_catalog_export', 8, cron('@daily'), "'@daily'", ['catalog', 'export'], 'commerce', false, 'Exports the product catalog to search and ads feeds'],
  ['ml_churn_training', 30, cron('0 1 * * 0'), "'0 1 * * 0'", ['ml', 'training'], 'ml-platform', false, 'Retrains the churn model and publishes it if it is better'],
  ['ml_feature_store_refresh', 16, cron('@daily'), "'@daily'", ['ml', 'features'], 'ml-platform', false, 'Recomputes online features from the warehouse'],
  ['web_sessions_rollup', 12, cron('@hourly'), "'@hourly'", ['web', 'analytics'], 'analytics', false, 'Sessionises clickstream events hourly'],
  ['payments_reconciliation', 20, cron('0 5 * * *'), "'0 5 * * *'", ['finance', 'payments'], 'finance-data', false, 'Matches PSP settlements against orders'],
  ['data_quality_checks', 24, cron('0 8 * * *'), "'0 8 * * *'", ['quality'], 'data-eng', false, 'Column checks, freshness and row counts on core tables'],
  ['gdpr_erasure_requests', 7, cron('0 9 * * 1-5'), "'0 9 * * 1-5'", ['compliance'], 'platform', false, 'Applies right-to-erasure requests across stores'],
  ['supplier_feed_ingest', 13, hours(12), 'timedelta(hours=12)', ['supply-chain', 'etl'], 'supply-chain', true, 'Supplier price and availability files from SFTP'],
  ['reviews_sentiment', 10, cron('@daily'), "'@daily'", ['ml', 'nlp'], 'ml-platform', false, 'Scores new product reviews'],
  ['ad_spend_import', 9, cron('0 3 * * *'), "'0 3 * * *'", ['marketing', 'api'], 'analytics', false, 'Daily spend from the ad platforms'],
  ['returns_forecast', 15, cron('0 6 * * 1'), "'0 6 * * 1'", ['ml', 'forecast', 'logistics'], 'supply-chain', true, 'Weekly forecast of returns per category'],
  ['search_index_rebuild', 6, null, null, ['search', 'ops'], 'commerce', false, 'Full rebuild of the search index, on demand'],
  ['adhoc_backfill_orders', 5, null, null, ['etl', 'backfill'], 'data-eng', true, 'Manual backfill of historical orders'],
  ['executive_dashboard_refresh', 17, cron('30 6 * * 1-5'), "'30 6 * * 1-5'", ['reporting'], 'analytics', false, 'Refreshes the extracts behind the executive dashboards'],
];

/** The DAG a fresh manual trigger of always takes to success (the end-to-end test's). */
export const RELIABLE_DAG = 'example_etl';

export const DEMO_CATALOG: readonly CatalogEntry[] = ROWS.map(([dag_id, tasks, schedule, schedule_text, tags, owner, paused, description]) => ({
  dag_id, tasks, schedule, schedule_text, tags, owners: [owner], paused, description, reliable: dag_id === RELIABLE_DAG,
}));

/**
 * `count` more DAGs for a big demo (CONSOLE_WORKFLOW_DEMO_DAGS): copies of the catalog's entries in
 * turn, named `<template>_<n>` (n from 0001), all paused so the executor leaves them alone.
 */
export function generatedCatalog(count: number): CatalogEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const template = DEMO_CATALOG[i % DEMO_CATALOG.length];
    const n = String(i + 1).padStart(4, '0');
    return { ...template, dag_id: `${template.dag_id}_${n}`, paused: true, reliable: false, description: `${template.description} (copy ${n})` };
  });
}
