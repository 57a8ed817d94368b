import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson } from '../testing/notebooks';
import { notebookFacts } from '../../contracts/workspace';

const fixture = useFixture();

async function setup() {
  const { app } = await fixture.build();
  return notebookClient(app);
}

const withKernel = (kernelspec: object, cells = 3) =>
  JSON.stringify({
    cells: Array.from({ length: cells }, (_, index) => ({ cell_type: 'markdown', id: `m${index}`, metadata: {}, source: 'é' })),
    metadata: { kernelspec },
    nbformat: 4,
    nbformat_minor: 5,
  });

describe('GET /details', () => {
  it('a notebook: its item, size in bytes, kernel and cell count', async () => {
    const client = await setup();
    const content = withKernel({ name: 'ir', display_name: 'R 4.3', language: 'R' });
    const saved = (await client.save('r.ipynb', content)).json().file;
    const answer = await client.get('/details?path=r.ipynb');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ file: saved, size: Buffer.byteLength(content), kernel: 'R 4.3', cellCount: 3, items: null });
  });

  it('a folder: the bytes of its live notebooks and the count of its live descendants', async () => {
    const client = await setup();
    await client.folder('f');
    await client.folder('f/sub');
    await client.save('f/a.ipynb', notebookJson('a'));
    await client.save('f/sub/b.ipynb', notebookJson('bé'));
    await client.save('f/gone.ipynb', notebookJson('trashed'));
    await client.del('/delete', { path: 'f/gone.ipynb' });
    await client.save('outside.ipynb', notebookJson('not counted'));
    const details = (await client.get('/details?path=f')).json();
    expect(details).toMatchObject({ file: { path: 'f', type: 'folder' }, kernel: null, cellCount: null, items: 3 });
    expect(details.size).toBe(Buffer.byteLength(notebookJson('a')) + Buffer.byteLength(notebookJson('bé')));
    expect((await client.get('/details?path=f/sub')).json()).toMatchObject({ items: 1, size: Buffer.byteLength(notebookJson('bé')) });
  });

  it('answers 404 for a missing or deleted item, 400 for a hostile or empty path', async () => {
    const client = await setup();
    expect((await client.get('/details?path=missing.ipynb')).statusCode).toBe(404);
    await client.save('t.ipynb', notebookJson());
    await client.del('/delete', { path: 't.ipynb' });
    expect((await client.get('/details?path=t.ipynb')).json()).toEqual({ message: 'Not found: t.ipynb' });
    expect((await client.get('/details?path=..%2Fx')).statusCode).toBe(400);
    expect((await client.get('/details?path=')).statusCode).toBe(400);
  });
});

describe('notebookFacts', () => {
  it('takes display_name, else name; nulls for what the notebook does not say', () => {
    expect(notebookFacts(withKernel({ name: 'julia-1.10', display_name: 'Julia 1.10' }, 2))).toEqual({ kernel: 'Julia 1.10', cellCount: 2 });
    expect(notebookFacts(withKernel({ name: 'rust' }, 0))).toEqual({ kernel: 'rust', cellCount: 0 });
    expect(notebookFacts(withKernel({ display_name: 42, name: '' }, 1))).toEqual({ kernel: null, cellCount: 1 });
    expect(notebookFacts(notebookJson())).toEqual({ kernel: null, cellCount: 1 });
    expect(notebookFacts('{"metadata": null}')).toEqual({ kernel: null, cellCount: null });
    expect(notebookFacts('not json')).toEqual({ kernel: null, cellCount: null });
  });
});

describe('GET /search', () => {
  it('live items whose name contains q, any case, NFC either way; folders first, then by name', async () => {
    const client = await setup();
    await client.folder('Reports');
    await client.save('Reports/q1 report.ipynb', notebookJson());
    await client.save('a-REPORT.ipynb', notebookJson());
    await client.save('other.ipynb', notebookJson());
    await client.save('old report.ipynb', notebookJson());
    await client.del('/delete', { path: 'old report.ipynb' });
    const paths = async (query: string) => (await client.get(`/search?q=${encodeURIComponent(query)}`)).json().files.map((file: { path: string }) => file.path);
    expect(await paths('report')).toEqual(['Reports', 'a-REPORT.ipynb', 'Reports/q1 report.ipynb']);

    await client.save('Caf\u00e9.ipynb', notebookJson());
    // Typed decomposed (e + combining acute), found composed, and the other way round.
    expect(await paths('cafe\u0301')).toEqual(['Caf\u00e9.ipynb']);
    expect(await paths('CAF\u00c9')).toEqual(['Caf\u00e9.ipynb']);
    expect(await paths('nothing')).toEqual([]);
  });

  it('answers at most limit items (20 unless asked) and refuses a bad query', async () => {
    const client = await setup();
    for (let index = 0; index < 25; index++) await client.save(`n${String(index).padStart(2, '0')}.ipynb`, notebookJson());
    expect((await client.get('/search?q=n')).json().files).toHaveLength(20);
    const three = (await client.get('/search?q=n&limit=3')).json().files.map((file: { name: string }) => file.name);
    expect(three).toEqual(['n00.ipynb', 'n01.ipynb', 'n02.ipynb']);
    for (const query of ['', '?q=', '?q=n&limit=0', '?q=n&limit=201', '?q=n&limit=x']) {
      expect((await client.get(`/search${query}`)).statusCode, query).toBe(400);
    }
  });
});
