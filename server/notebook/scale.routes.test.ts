import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson } from '../testing/notebooks';
import type { WriteContext } from './workspace';

const fixture = useFixture();
/** The folder and 9,999 notebooks in it. */
const COUNT = 10_000;
const name = (index: number) => `big/n${String(index).padStart(5, '0')}.ipynb`;

/** A write as the routes make it, minus the request (the items go straight through the service). */
const context: WriteContext = { username: 'admin', key: null, method: 'POST', route: '/api/notebook/files', alsoInTransaction: null };

describe('a workspace of 10,000 items', () => {
  it('GET /workspace answers every one of them; the folder exports as a zip of all its notebooks', { timeout: 600_000 }, async () => {
    const { app, services } = await fixture.build();
    const notebooks = services.notebooks;
    const client = await notebookClient(app);
    const started = performance.now();
    await notebooks.createFolder(context, 'big');
    const content = notebookJson();
    for (let index = 1; index < COUNT; index++) await notebooks.save(context, name(index), content, {});
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
    console.info(`10,000 items: created through the service in ${ms(started, created)}, GET /workspace ${ms(created, listed)}, export of the folder ${ms(listed, exported)}`);
  });
});
