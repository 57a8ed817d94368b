import { airflow2 } from './airflow2';
import { airflow3 } from './airflow3';
import type { Upstream } from './definition';
import { jupyterhub } from './jupyterhub';
import { postgres } from './postgres';
import { superset } from './superset';

/** Every upstream the script can start, by name (`down` with no name stops them in this order). */
export const UPSTREAMS: Readonly<Record<string, Upstream>> = { airflow3, airflow2, superset, jupyterhub, postgres };
