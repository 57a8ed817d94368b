// Entry of the benchmark harness page: our real Dexie code (src/db) in a real Chromium page.
import { crosstab } from './crosstab';
import { eventlog } from './eventlog';

window.bench = { ready: true, eventlog, crosstab };
