import { airflow2 } from './airflow2';
import { airflow3 } from './airflow3';
import type { UpstreamDefinition } from './definition';

/** Every upstream the script can start, by name. */
export const UPSTREAMS: Readonly<Record<string, UpstreamDefinition>> = { airflow3, airflow2 };
