import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_PASSWORD, useFixture } from '../testing/harness';
import { notebookClient, NOTEBOOK_API } from '../testing/notebooks';
import { WORKSPACE_DIR } from './workspace';

const fixture = useFixture();
const BIG = 'big.ipynb';
const LOOPS = 4;
const SAMPLES = 9;

/** A notebook of about 45 MB: `cells` code cells, each with a long text output. */
function bigNotebook(cells: number, kernel: string): string {
  const text = 'x'.repeat(23_500);
  const cell = (index: number) => ({ cell_type: 'code', id: `c${index}`, metadata: {}, source: `print(${index})`, execution_count: 1, outputs: [{ output_type: 'stream', name: 'stdout', text }] });
  return JSON.stringify({ cells: Array.from({ length: cells }, (_, index) => cell(index)), metadata: { kernelspec: { name: kernel, display_name: kernel } }, nbformat: 4, nbformat_minor: 5 });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('workspace reads beside a large notebook', () => {
  it("loops of GET /details on a 45 MB notebook hold no other user's listing; details follow the file's changes", { timeout: 120_000 }, async () => {
    const dataDir = await fixture.tempDir();
    const absolute = path.join(dataDir, WORKSPACE_DIR, BIG);
    const content = bigNotebook(2_000, 'python3');
    expect(content.length).toBeGreaterThan(44 * 2 ** 20);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, content);
    const { app } = await fixture.build({ dataDir });
    const admin = await notebookClient(app);
    const editor = await notebookClient(app, 'editor', EDITOR_PASSWORD);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${NOTEBOOK_API}`;
    const get = async (url: string, cookie: string) => {
      const answer = await fetch(`${base}${url}`, { headers: { cookie } });
      expect(answer.status, url).toBe(200);
      return answer.json();
    };
    expect((await get('/workspace', editor.cookie)).files.map((file: { path: string }) => file.path)).toEqual([BIG]);

    let running = true;
    let details = 0;
    const loops = Array.from({ length: LOOPS }, async () => {
      while (running) {
        expect(await get(`/details?path=${BIG}`, admin.cookie)).toMatchObject({ size: Buffer.byteLength(content), kernel: 'python3', cellCount: 2_000 });
        details += 1;
      }
    });
    const timings: number[] = [];
    try {
      for (let sample = 0; sample < SAMPLES; sample++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const started = performance.now();
        await get('/workspace', editor.cookie);
        timings.push(performance.now() - started);
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }
    console.info(`listing beside ${LOOPS} loops of details (${details} answered): ${timings.map(Math.round).join(', ')} ms`);
    expect(details).toBeGreaterThan(LOOPS);
    expect(median(timings)).toBeLessThanOrEqual(250);

    // Changed by hand (another size), then saved through the API: details tell the new content.
    const edited = bigNotebook(1_500, 'ir');
    await writeFile(absolute, edited);
    const byHand = await get(`/details?path=${BIG}`, admin.cookie);
    expect(byHand).toMatchObject({ size: Buffer.byteLength(edited), kernel: 'ir', cellCount: 1_500 });
    const listed = (await get('/workspace', editor.cookie)).files[0];
    expect(byHand.file.version).toBe(listed.version);

    const saved = JSON.stringify({ cells: [], metadata: { kernelspec: { name: 'julia', display_name: 'Julia' } }, nbformat: 4, nbformat_minor: 5 });
    expect((await admin.save(BIG, saved, { 'if-match': `"${listed.version}"` })).statusCode).toBe(200);
    expect(await get(`/details?path=${BIG}`, admin.cookie)).toMatchObject({ size: Buffer.byteLength(saved), kernel: 'Julia', cellCount: 0 });
  });
});
