import { airflow3 } from './airflow3';
import { upstreamSuite } from './testing/upstreamSuite';

// On SQLite, Airflow 3.3.2 answered "database is locked" under ~6 simultaneous triggers; on PostgreSQL all 8 run.
await upstreamSuite(airflow3, { simultaneousRuns: 8 });
