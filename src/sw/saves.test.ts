import { describe, expect, it } from 'vitest';
import { isSaveRequest } from './saves';

const ORIGIN = 'http://console.test';

describe('isSaveRequest', () => {
  const cases: [string, string, boolean][] = [
    ['POST', '/api/notebook/files', true],
    ['POST', '/api/notebook/folders', true],
    ['POST', '/api/notebook/rename', true],
    ['DELETE', '/api/notebook/delete', true],
    ['PUT', '/api/notebook/files', true],
    ['PATCH', '/api/notebook/files', true],
    ['POST', '/api/bi/v1/saved_query/', true],
    ['PUT', '/api/bi/v1/saved_query/12', true],
    ['DELETE', '/api/bi/v1/saved_query/12', true],
    ['delete', '/api/bi/v1/saved_query/12', true],
    ['GET', '/api/notebook/workspace', false],
    ['GET', '/api/bi/v1/saved_query/', false],
    ['HEAD', '/api/notebook/files', false],
    ['OPTIONS', '/api/notebook/files', false],
    ['POST', '/api/notebook/run-code', false],
    ['POST', '/api/bi/v1/sqllab/execute/', false],
    ['POST', '/api/v1/temp/login', false],
    ['POST', '/api/workflow/v1/dags/d/dagRuns', false],
    ['POST', '/api/notebook', false],
    ['POST', '/admin/notebook/files', false],
  ];
  it.each(cases)('%s %s → %s', (method, path, expected) => {
    expect(isSaveRequest({ method, url: `${ORIGIN}${path}` }, ORIGIN)).toBe(expected);
  });

  it('only takes saves to its own origin', () => {
    expect(isSaveRequest({ method: 'POST', url: 'http://other.test/api/notebook/files' }, ORIGIN)).toBe(false);
    expect(isSaveRequest({ method: 'POST', url: 'https://console.test/api/notebook/files' }, ORIGIN)).toBe(false);
    expect(isSaveRequest({ method: 'POST', url: 'http://console.test:8080/api/notebook/files' }, ORIGIN)).toBe(false);
  });

  it('judges the normalised path', () => {
    expect(isSaveRequest({ method: 'POST', url: `${ORIGIN}/x/../api/notebook/files?y=1` }, ORIGIN)).toBe(true);
    expect(isSaveRequest({ method: 'POST', url: `${ORIGIN}/api/notebook/../v1/temp/login` }, ORIGIN)).toBe(false);
  });
});
