import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson } from '../testing/notebooks';

const fixture = useFixture();

async function setup() {
  const { app } = await fixture.build();
  return notebookClient(app);
}

const crumbs = (query: string) => `/breadcrumbs${query}`;

describe('GET /breadcrumbs', () => {
  it('lists the steps from the root (first) to the item (last)', async () => {
    const client = await setup();
    await client.folder('reports');
    await client.folder('reports/2026 Q1');
    await client.save('reports/2026 Q1/é.ipynb', notebookJson());
    const answer = await client.get(crumbs(`?path=${encodeURIComponent('reports/2026 Q1/é.ipynb')}`));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      { name: 'Workspace', path: '' },
      { name: 'reports', path: 'reports' },
      { name: '2026 Q1', path: 'reports/2026 Q1' },
      { name: 'é.ipynb', path: 'reports/2026 Q1/é.ipynb' },
    ]);
  });

  it('the root (no path, or an empty one) is the root alone', async () => {
    const client = await setup();
    expect((await client.get(crumbs(''))).json()).toEqual([{ name: 'Workspace', path: '' }]);
    expect((await client.get(crumbs('?path='))).json()).toEqual([{ name: 'Workspace', path: '' }]);
  });

  it('answers 404 for a missing or deleted item and 400 for a hostile path', async () => {
    const client = await setup();
    await client.folder('gone');
    await client.del('/delete', { path: 'gone' });
    expect((await client.get(crumbs('?path=nowhere'))).statusCode).toBe(404);
    expect((await client.get(crumbs('?path=gone'))).json()).toEqual({ message: 'Not found: gone' });
    const outside = await client.get(crumbs(`?path=${encodeURIComponent('../../etc')}`));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Path is outside the workspace');
  });

  it('needs a signed-in user', async () => {
    const { app } = await fixture.build();
    expect((await app.inject({ method: 'GET', url: '/api/notebook/breadcrumbs?path=' })).statusCode).toBe(401);
  });
});
