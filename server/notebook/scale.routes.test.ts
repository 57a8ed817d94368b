import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson } from '../testing/notebooks';
import { WORKSPACE_DIR } from './workspace';

const fixture = useFixture();
/** The folder and 9,999 notebooks in it. */
const COUNT = 10_000;
const name = (index: number) => `big/n${String(index).padStart(5, '0')}.ipynb`;


describe('a workspace of 10,000 items', () => {
  it('GET /workspace answers every one of them; the folder exports as a zip of all its notebooks', { timeout: 600_000 }, async () => {
    const dataDir = await fixture.tempDir();
    // Copied in by hand, as an admin would: the listing's scan picks every file up (and hashes it).
    const started = performance.now();
    await mkdir(path.join(dataDir, WORKSPACE_DIR, 'big'), { recursive: true });
    const content = notebookJson();
    for (let index = 1; index < COUNT; index += 500) {
      const batch = Array.from({ length: Math.min(500, COUNT - index) }, (_, offset) => name(index + offset));
      await Promise.all(batch.map((file) => writeFile(path.join(dataDir, WORKSPACE_DIR, file), content)));
    }
    const { app } = await fixture.build({ dataDir });
    const client = await notebookClient(app);
    const created = performance.now();

    const answer = await client.get('/workspace');
    const listed = performance.now();
    expect(answer.statusCode).toBe(200);
    const paths: string[] = answer.json().files.map((file: { path: string }) => file.path);
    expect(paths).toHaveLength(COUNT);
    expect(new Set(paths).size).toBe(COUNT);
    expect(paths[0]).toBe('big');
    expect(paths.slice(1)).toEqual(Array.from({ length: COUNT - 1 }, (_, index) => name(index + 1)));

    // The folder's zip streams every notebook, opened one at a time.
    const zip = unzipSync(new Uint8Array((await client.get('/export?path=big')).rawPayload));
    const exported = performance.now();
    expect(Object.keys(zip)).toHaveLength(COUNT - 1);
    expect(Buffer.from(zip['n09999.ipynb']).toString('utf8')).toBe(content);
    // For the report, not a budget: this machine's numbers vary too much to assert on.
    const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
    console.info(`10,000 items: written to disk and the app built in ${ms(started, created)}, GET /workspace (first scan) ${ms(created, listed)}, export of the folder ${ms(listed, exported)}`);
  });
});
