import { airflow2 } from './airflow2';
import { upstreamSuite } from './testing/upstreamSuite';

await upstreamSuite(airflow2);
