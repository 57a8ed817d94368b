import { openDiskProfile } from '../support/chromium';
import { serveHarness } from '../support/harness';
import { openHarness } from '../support/harnessPage';
import { within } from '../support/time';
import { result, type BenchSuite } from '../types';

const SUITE = 'eventlog';
const SINGLE = 1_000;
const TOTAL = 100_000;
const BATCH = 1_000;
/** Generous ceilings: far above what a healthy run takes, low enough that a stuck page ends the bench. */
const LIMIT_MS = 300_000;

const MB = 1024 * 1024;

/** Our append() and rebuildProjections() on on-disk IndexedDB in Chromium (see bench/browser). */
export const eventlogSuite: BenchSuite = {
  name: SUITE,
  async run() {
    const harness = await serveHarness();
    const profile = await openDiskProfile();
    try {
      const page = await openHarness(profile.context, harness.url);
      const step = <T>(what: string, work: () => Promise<T>) => within(LIMIT_MS, `${SUITE}: ${what}`, work());

      await step('reset', () => page.evaluate(() => window.bench.eventlog.reset()));
      const singleMs = await step('single appends', () => page.evaluate((n) => window.bench.eventlog.appendSingle(n), SINGLE));

      // A fresh log, so the rebuild and the size cover exactly TOTAL events.
      await step('reset', () => page.evaluate(() => window.bench.eventlog.reset()));
      const batchedMs = await step('batched appends', () =>
        page.evaluate(([total, batch]) => window.bench.eventlog.appendBatched(total, batch), [TOTAL, BATCH] as const),
      );
      const rebuild = await step('rebuild', () => page.evaluate(() => window.bench.eventlog.rebuild()));
      const storage = await step('storage estimate', () => page.evaluate(() => window.bench.eventlog.storage()));
      if (rebuild.replayed !== TOTAL) throw new Error(`${SUITE}: rebuild replayed ${rebuild.replayed} events, expected ${TOTAL}`);

      const idbBytes = storage.indexedDB ?? storage.usage;
      return [
        result(SUITE, 'append, 1 event per call', SINGLE / (singleMs / 1000), 'events/s', undefined, `${SINGLE} calls in ${Math.round(singleMs)} ms`),
        result(SUITE, `append, batches of ${BATCH}`, TOTAL / (batchedMs / 1000), 'events/s', undefined, `${TOTAL} events in ${Math.round(batchedMs)} ms`),
        result(SUITE, `rebuildProjections, ${TOTAL} events`, rebuild.ms, 'ms'),
        result(
          SUITE,
          `IndexedDB used after ${TOTAL} events`,
          idbBytes / MB,
          'MB',
          undefined,
          `${storage.indexedDB === null ? 'origin usage (no usageDetails)' : 'usageDetails.indexedDB'}; events + workspaceChanges rows; ${Math.round(idbBytes / TOTAL)} B/event`,
        ),
      ];
    } finally {
      await profile.close();
      await harness.close();
    }
  },
};
