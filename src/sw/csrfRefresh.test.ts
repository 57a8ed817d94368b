import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { freshDbs } from '../db/testDb';
import { createCsrfRefresher, tokenUrlFor } from './csrfRefresh';
import { replayPass } from './replay';
import { fakeNetwork, json, ORIGIN, outboxRow } from './testing/fakeNetwork';

const freshDb = freshDbs('sw-csrf');
const savedQuery = (seq: number, token: string) =>
  outboxRow(seq, {
    url: `${ORIGIN}/api/bi/v1/saved_query/`,
    headers: { 'content-type': 'application/json', 'idempotency-key': `key-${seq}`, 'X-CSRFToken': token },
    body: JSON.stringify({ label: `q${seq}`, sql: 'SELECT 1', db_id: 1 }),
  });

describe('tokenUrlFor', () => {
  it.each([
    [`${ORIGIN}/api/bi/v1/saved_query/`, `${ORIGIN}/api/bi/v1/security/csrf_token/`],
    [`${ORIGIN}/api/bi/v1/saved_query/7`, `${ORIGIN}/api/bi/v1/security/csrf_token/`],
    [`${ORIGIN}/api/notebook/folders`, null],
  ])('%s → %s', (url, expected) => expect(tokenUrlFor(url)).toBe(expected));
});

describe('replaying saves that carry a CSRF token', () => {
  it('sends them with a token fetched for this pass, asked for once', async () => {
    const db = freshDb();
    const network = fakeNetwork((seen) => (seen.method === 'GET' ? json(200, { result: 'fresh-token' }) : json(201, { id: 1 })));
    await db.outbox.bulkAdd([savedQuery(1, 'stale-token'), savedQuery(2, 'stale-token')]);
    const result = await replayPass({ db, fetch: network.fetch, record: vi.fn(async () => {}), recordAll: vi.fn(async () => {}), origin: ORIGIN });
    expect(result).toEqual({ applied: 2, failed: 0, remaining: 0 });
    const gets = network.seen.filter((s) => s.method === 'GET');
    expect(gets.map((s) => s.path)).toEqual(['/api/bi/v1/security/csrf_token/']);
    const posts = network.seen.filter((s) => s.method === 'POST');
    expect(posts.map((s) => s.headers['X-CSRFToken'] ?? s.headers['x-csrftoken'])).toEqual(['fresh-token', 'fresh-token']);
  });

  it('keeps the stored token when no fresh one can be had, and leaves other saves alone', async () => {
    const network = fakeNetwork((seen) => (seen.method === 'GET' ? 'offline' : json(200, {})));
    const refresh = createCsrfRefresher(network.fetch);
    const folder = outboxRow(2);
    const [query, untouched] = await refresh([savedQuery(1, 'stale-token'), folder]);
    expect(query.headers['X-CSRFToken']).toBe('stale-token');
    expect(untouched).toBe(folder);
  });
});
