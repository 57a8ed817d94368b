import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openStore } from '../store/db';
import { manualClock, useFixture } from '../testing/harness';
import { NotebookService } from './service';

const fixture = useFixture();

async function openService() {
  const dataDir = await fixture.tempDir();
  const store = await openStore(dataDir);
  const service = await NotebookService.open(dataDir, store, manualClock().now);
  return { service, store, root: service.root };
}

describe('workspace listings under concurrency', () => {
  it('callers that ask together share one scan of the disk', async () => {
    const { service, store, root } = await openService();
    await writeFile(path.join(root, 'a.ipynb'), '{}');
    const listings = await Promise.all(Array.from({ length: 20 }, () => service.list()));
    expect(listings[0].map((file) => file.path)).toEqual(['a.ipynb']);
    for (const listing of listings) expect(listing).toBe(listings[0]);
    await store.close();
  });

  it('a caller that asks while a scan runs gets a scan that started after it asked', async () => {
    const { service, store, root } = await openService();
    const running = service.list();
    await tick(); // the first scan is under way
    await writeFile(path.join(root, 'late.ipynb'), '{}');
    const later = await service.list();
    expect(later.map((file) => file.path)).toEqual(['late.ipynb']);
    expect(later).not.toBe(await running);
    await store.close();
  });
});
