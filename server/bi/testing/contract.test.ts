import { describe, expect, it } from 'vitest';
import { sharedContractsPresent } from '../../testing/sharedContracts';
import { loadContract } from './contract';

const contract = await loadContract();

describe('contract helper without ../shared/contracts', () => {
  it('checks nothing, so the route tests still run their own assertions', async () => {
    const skipped = await loadContract(null);
    expect(() => skipped.expectResponse('/api/v1/database/', 'get', 200, { count: 'one' })).not.toThrow();
    expect(() => skipped.expectSchema('GetFavStarIdsSchema', null)).not.toThrow();
  });
});

describe.skipIf(!sharedContractsPresent())('contract helper', () => {
  it('validates answers against response schemas, resolving component refs', () => {
    const item = { id: 1, database_name: 'lakehouse', backend: 'duckdb', expose_in_sqllab: true };
    contract.expectResponse('/api/v1/database/', 'get', 200, { count: 1, ids: [1], result: [item] });
    expect(() => contract.expectResponse('/api/v1/database/', 'get', 200, { count: 1, ids: [1], result: [{ id: 1 }] })).toThrow(/database_name/);
    expect(() => contract.expectResponse('/api/v1/database/', 'get', 200, { count: 'one' })).toThrow(/count/);
  });

  it('resolves shared error responses and says when the spec has no schema', () => {
    contract.expectResponse('/api/v1/query/{pk}', 'get', 404, { message: 'Not found' });
    expect(() => contract.expectResponse('/api/v1/query/{pk}', 'get', 404, { message: 1 })).toThrow(/message/);
    expect(contract.hasResponse('/api/v1/sqllab/execute/', 'post', 408)).toBe(false);
    expect(() => contract.expectResponse('/api/v1/sqllab/execute/', 'post', 408, {})).toThrow(/no JSON schema/);
  });

  it('checks formats and named schemas', () => {
    const changed = { id: 1, changed_on: 'yesterday' };
    expect(() => contract.expectResponse('/api/v1/query/', 'get', 200, { count: 1, ids: [1], result: [changed] })).toThrow(/date-time/);
    contract.expectSchema('GetFavStarIdsSchema', { result: [{ id: 1, value: true }] });
    expect(() => contract.expectSchema('GetFavStarIdsSchema', { result: [{ id: 'x', value: true }] })).toThrow();
  });
});
