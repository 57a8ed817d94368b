import { openDiskProfile } from '../support/chromium';
import { serveHarness } from '../support/harness';
import { openHarness } from '../support/harnessPage';
import { sleep, within } from '../support/time';
import { percentile, result, type BenchSuite } from '../types';

const SUITE = 'crosstab';
const SAMPLES = 200;
/** Between samples, so each change is seen on its own rather than in a pile-up. */
const PAUSE_MS = 20;
/** How long page B may take to see the last change before it counts as not seen. */
const SETTLE_MS = 5_000;

/**
 * Page A appends a workspace change (through append()) stamped with its send time; page B, another
 * tab of the same origin, sees it through a Dexie liveQuery on workspaceChanges (Dexie tells other
 * tabs over BroadcastChannel). Latency = B's wake-up time − A's send time, both on the wall clock.
 */
export const crosstabSuite: BenchSuite = {
  name: SUITE,
  async run() {
    const harness = await serveHarness();
    const profile = await openDiskProfile();
    try {
      const writer = await openHarness(profile.context, harness.url);
      const reader = await openHarness(profile.context, harness.url);
      await within(15_000, `${SUITE}: subscribe`, reader.evaluate(() => window.bench.crosstab.subscribe()));
      for (let i = 0; i < SAMPLES; i++) {
        await within(15_000, `${SUITE}: send ${i}`, writer.evaluate((n) => window.bench.crosstab.send(n), i));
        await sleep(PAUSE_MS);
      }
      const deadline = Date.now() + SETTLE_MS;
      let latencies: Record<number, number> = {};
      while (Date.now() < deadline) {
        latencies = await reader.evaluate(() => window.bench.crosstab.latencies());
        if (Object.keys(latencies).length >= SAMPLES) break;
        await sleep(100);
      }
      await reader.evaluate(() => window.bench.crosstab.stop());

      const seen = Object.values(latencies);
      const missing = SAMPLES - seen.length;
      if (seen.length === 0) throw new Error(`${SUITE}: page B saw none of the ${SAMPLES} changes`);
      const note = `${seen.length}/${SAMPLES} seen${missing ? ` (${missing} not within ${SETTLE_MS} ms)` : ''}; ${PAUSE_MS} ms pause; send time taken before append()`;
      return [
        result(SUITE, 'change in one tab → liveQuery in another, p50', percentile(seen, 50), 'ms', undefined, note),
        result(SUITE, 'change in one tab → liveQuery in another, p95', percentile(seen, 95), 'ms', 50, note),
        result(SUITE, 'change in one tab → liveQuery in another, max', Math.max(...seen), 'ms'),
        // A change B never saw is worse than a slow one: make it fail loudly.
        result(SUITE, 'changes not seen by the other tab', missing, 'changes', 0),
      ];
    } finally {
      await profile.close();
      await harness.close();
    }
  },
};
