import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../vite.config';

/** The suites against the Superset and JupyterHub the run shares; the rest of upstreams/console/ shares the Airflows. */
const NOT_AIRFLOW = ['upstreams/console/superset*.test.ts', 'upstreams/console/jupyterhub*.test.ts'];

// The project's own test settings (timeouts, global setups), without its list of files.
const { include: _all, ...shared } = base.test ?? {};

/**
 * The upstream suites in two lanes, each one file at a time (the suites of a lane share its running
 * upstreams): the suites on the shared Airflows, and the others (Superset, JupyterHub, the script's
 * own lifecycle tests that start upstreams of their own). `npm run test:upstreams`
 * (scripts/testUpstreams.ts) runs the lanes side by side: Airflow's is the long one (the 100 MB
 * log), the other's files cost no time beside it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: [
      { test: { ...shared, name: 'airflow', include: ['upstreams/console/**/*.test.ts'], exclude: NOT_AIRFLOW, fileParallelism: false } },
      { test: { ...shared, name: 'others', include: ['upstreams/*.test.ts', ...NOT_AIRFLOW], fileParallelism: false } },
    ],
  },
});
