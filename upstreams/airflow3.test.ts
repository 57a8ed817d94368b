import { airflow3 } from './airflow3';
import { upstreamSuite } from './testing/upstreamSuite';

await upstreamSuite(airflow3);
