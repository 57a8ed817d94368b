import { describe, expect, it } from 'vitest';
import { isAppNavigation, isConfigRequest, warmConfigCache } from './routes';

const ORIGIN = 'http://console.test';

describe('isAppNavigation', () => {
  const cases: [string, boolean][] = [
    ['/', true],
    ['/admin', true],
    ['/admin/workspace/reports/q1.ipynb', true],
    ['/login?next=%2Fadmin', true],
    ['/apis-explained', true],
    ['/api', false],
    ['/api/notebook/workspace', false],
    ['/api?x=1', false],
    ['/config.json', false],
    ['/config.json?v=2', false],
    ['/healthz', false],
  ];
  it.each(cases)('%s → %s', (path, expected) => {
    expect(isAppNavigation(new URL(path, ORIGIN))).toBe(expected);
  });
});

describe('isConfigRequest', () => {
  it('takes GET /config.json on its own origin only', () => {
    expect(isConfigRequest({ method: 'GET', url: `${ORIGIN}/config.json` }, ORIGIN)).toBe(true);
    expect(isConfigRequest({ method: 'POST', url: `${ORIGIN}/config.json` }, ORIGIN)).toBe(false);
    expect(isConfigRequest({ method: 'GET', url: 'http://other.test/config.json' }, ORIGIN)).toBe(false);
    expect(isConfigRequest({ method: 'GET', url: `${ORIGIN}/api/config.json` }, ORIGIN)).toBe(false);
  });
});

describe('warmConfigCache', () => {
  function fakeCaches() {
    const stored = new Map<string, Response>();
    const caches = { open: async () => ({ put: async (r: Request, res: Response) => void stored.set(r.url, res) }) };
    return { caches: caches as unknown as CacheStorage, stored };
  }

  it('keeps the config the server answers, for the first offline boot', async () => {
    const { caches, stored } = fakeCaches();
    const fetch = async () => new Response('{"version":"1"}', { status: 200 });
    expect(await warmConfigCache({ caches, fetch, origin: ORIGIN })).toBe(true);
    expect(await stored.get(`${ORIGIN}/config.json`)?.text()).toBe('{"version":"1"}');
  });

  it('never fails the install', async () => {
    const { caches, stored } = fakeCaches();
    expect(await warmConfigCache({ caches, fetch: () => Promise.reject(new TypeError('offline')), origin: ORIGIN })).toBe(false);
    expect(await warmConfigCache({ caches, fetch: async () => new Response('', { status: 503 }), origin: ORIGIN })).toBe(false);
    expect(stored.size).toBe(0);
  });
});
