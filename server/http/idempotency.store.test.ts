import { describe, expect, it } from 'vitest';
import type { Dialect } from '../store/migrations';
import { STORE_DIALECTS, useStores } from '../store/testing/stores';
import { countingStore } from '../testing/counting';
import { manualClock, useFixture } from '../testing/harness';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore, type StoredAnswer } from './idempotency.store';

const fixture = useFixture();
const stores = useStores(fixture);
const ANSWER: StoredAnswer = { fingerprint: 'POST /api/x abc', status: 200, body: '{"ok":true}', headers: { 'content-type': 'application/json' } };
const LOOKUP = 'SELECT fingerprint';

async function setup(dialect: Dialect) {
  const store = await stores.fresh(dialect);
  const counted = countingStore(store);
  const clock = manualClock();
  return { store, counted, clock, keys: await IdempotencyStore.open(counted, clock.now) };
}

/** Claims a key; runs `save` as its owner when it is new. */
async function claimAndSave(keys: IdempotencyStore, key: string, answer = ANSWER) {
  const claim = await keys.claim('admin', key);
  if (claim.kind === 'owner') {
    await keys.save('admin', key, answer);
    claim.release();
  }
  return claim;
}

describe.each(STORE_DIALECTS)('idempotency key index on %s', (dialect) => {
  it('a new key needs no query; only a stored key reads its answer', async () => {
    const { store, counted, keys } = await setup(dialect);
    expect((await claimAndSave(keys, 'new-1')).kind).toBe('owner');
    expect((await claimAndSave(keys, 'new-2')).kind).toBe('owner');
    expect(counted.count(LOOKUP)).toBe(0);

    expect(await claimAndSave(keys, 'new-1')).toEqual({ kind: 'stored', answer: ANSWER });
    expect(counted.count(LOOKUP)).toBe(1);
    // Other users' keys are theirs alone.
    expect((await keys.claim('editor', 'new-1')).kind).toBe('owner');
    expect(counted.count(LOOKUP)).toBe(1);
    await store.close();
  });

  it('is loaded again on open, so keys stored before a restart still replay', async () => {
    const { store, counted, clock, keys } = await setup(dialect);
    await claimAndSave(keys, 'before-restart');
    const reopened = await IdempotencyStore.open(counted, clock.now);
    const lookups = counted.count(LOOKUP);
    expect(await reopened.claim('admin', 'before-restart')).toEqual({ kind: 'stored', answer: ANSWER });
    expect(counted.count(LOOKUP)).toBe(lookups + 1);
    expect((await reopened.claim('admin', 'never-seen')).kind).toBe('owner');
    expect(counted.count(LOOKUP)).toBe(lookups + 1);
    await store.close();
  });

  it('purging drops expired keys from the table and the index', async () => {
    const { store, counted, clock, keys } = await setup(dialect);
    await claimAndSave(keys, 'old');
    clock.advance(IDEMPOTENCY_TTL_MS - 1_000);
    await claimAndSave(keys, 'recent');
    clock.advance(2_000);
    await keys.purgeExpired();
    expect(await store.all('SELECT key FROM idempotency_keys')).toEqual([{ key: 'recent' }]);
    const lookups = counted.count(LOOKUP);
    expect((await keys.claim('admin', 'old')).kind).toBe('owner');
    expect(counted.count(LOOKUP)).toBe(lookups);
    expect((await keys.claim('admin', 'recent')).kind).toBe('stored');
    await store.close();
  });

  it('a key saved in a transaction that rolls back is not replayed', async () => {
    const { store, keys } = await setup(dialect);
    const claim = await keys.claim('admin', 'rolled-back');
    await expect(
      store.transaction(async (tx) => {
        await keys.save('admin', 'rolled-back', ANSWER, tx);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    if (claim.kind === 'owner') claim.release();
    expect((await keys.claim('admin', 'rolled-back')).kind).toBe('owner');
    await store.close();
  });

  it('replace stores the answer whether or not the key has one, and replays the new one', async () => {
    const { store, clock, keys } = await setup(dialect);
    const second = { ...ANSWER, status: 201, body: '{"again":true}' };
    await keys.replace('admin', 'replaced', ANSWER);
    await keys.replace('admin', 'replaced', second);
    expect(await store.all('SELECT status, body FROM idempotency_keys')).toEqual([{ status: 201, body: '{"again":true}' }]);
    const reopened = await IdempotencyStore.open(store, clock.now);
    expect(await reopened.claim('admin', 'replaced')).toEqual({ kind: 'stored', answer: second });
    await store.close();
  });
});
