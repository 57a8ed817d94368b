/** Runtime settings served at /config.json: where each API lives, feature flags, version. */
export interface RuntimeConfig {
  apis: { console: string; auth: string; notebook: string; bi: string; workflow: string };
  features: Record<string, boolean>;
  version: string;
  /**
   * The most bytes one uploaded notebook may take (CONSOLE_UPLOAD_MAX_MB); the server answers
   * 413 past it. Absent when the server did not say: assume DEFAULT_UPLOAD_MAX_MB.
   */
  uploadMaxBytes?: number;
  /**
   * Which Airflow REST API apis.workflow speaks: 'v1' (Airflow 2's /api/v1, which the console's
   * own server answers at <apis.workflow>/v1) or 'v2' (Airflow 3, whose absolute /api/v2 and /ui
   * paths are put after apis.workflow, so it names the Airflow server's root). Absent: 'v1'.
   */
  workflowApiVersion?: 'v1' | 'v2';
}

/** The server's per-file upload limit when CONSOLE_UPLOAD_MAX_MB is not set. */
export const DEFAULT_UPLOAD_MAX_MB = 50;

/** The API mounts on the console's own origin (DESIGN.md §1); /config.json can point them elsewhere. */
export const DEFAULT_API_MOUNTS: RuntimeConfig['apis'] = {
  console: '/api/v1/temp',
  auth: '/api/auth',
  notebook: '/api/notebook',
  bi: '/api/bi',
  workflow: '/api/workflow',
};

/**
 * Feature flag the console's own workflow server sets: its v1 API also filters DAGs by owners and
 * last run state and sorts them by last run (Airflow 2 cannot; Airflow 3 can).
 */
export const WORKFLOW_FILTERS_FEATURE = 'workflowFilters';

/**
 * The BI calls beyond Superset's own API that /api/bi answers (the embedded service itself, or
 * the console in front of a Superset upstream): catalog search of tables and of columns, table
 * preview, favourite saved queries. A screen hides one the server sets false; absent means
 * available (an older server, or the offline fallback config).
 */
export const BI_FEATURES = ['biTableSearch', 'biColumnSearch', 'biTablePreview', 'biFavourites'] as const;
export type BiFeature = (typeof BI_FEATURES)[number];

/**
 * Set in front of a Superset upstream: the catalog search answers from each user's snapshot of
 * Superset's catalog, kept up to CATALOG_SNAPSHOT_MINUTES, and bounded (its answer then says it is
 * partial); the catalog page says so.
 */
export const BI_SEARCH_SNAPSHOT_FEATURE = 'biSearchSnapshot';
export const CATALOG_SNAPSHOT_MINUTES = 5;

/** Whether the runtime config leaves a feature on: only an explicit false turns one off. */
export const featureOn = (features: RuntimeConfig['features'], name: string): boolean => features[name] !== false;
