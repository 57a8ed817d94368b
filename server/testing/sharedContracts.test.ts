import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths';
import { SHARED_CONTRACTS_DIR, sharedContract, sharedContractsPresent, skippedContractsNotice } from './sharedContracts';

/**
 * The blob ids of the versions the checks were written for (../shared/contracts/README.md):
 * an update of a spec shows here first, not as puzzling failures in the route tests.
 */
const BLOBS: Record<string, string> = {
  'airflow-v1.yaml': 'de99cccaa922592d2b1f2f654db9c6baa75742b9',
  'superset-openapi.json': 'bb8858fb6ccf888a0cf9061676b52e23ab43e710',
  'nbformat.v4.5.schema.json': '670bbd35f343f0d1324b8e6056ba42420f7ec6aa',
  'jupyter-server-api.yaml': 'bbdb139be4c376e309eafcd7d38335183e61cfea',
};

/** What `git hash-object` prints for these bytes. */
function gitBlobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

describe('where the public contracts are read from', () => {
  const temp = mkdtemp(path.join(tmpdir(), 'shared-contracts-'));
  afterAll(async () => rm(await temp, { recursive: true, force: true }));

  it('is ../shared/contracts beside the repository, whatever the working directory', () => {
    expect(SHARED_CONTRACTS_DIR).toBe(path.join(path.dirname(REPO_ROOT), 'shared', 'contracts'));
  });

  it('gives the path of a file in the folder when the folder is there', async () => {
    const dir = await temp;
    expect(sharedContractsPresent(dir)).toBe(true);
    expect(sharedContract('spec.json', dir)).toBe(path.join(dir, 'spec.json'));
    expect(skippedContractsNotice(dir)).toBeNull();
  });

  it('without the folder, one line says what is skipped and why', async () => {
    const missing = path.join(await temp, 'no-such-folder');
    expect(sharedContractsPresent(missing)).toBe(false);
    expect(sharedContract('superset-openapi.json', missing)).toBeNull();
    expect(skippedContractsNotice(missing)).toBe(`Contract checks skipped: ${missing} not found (clone the repo next to shared/ to run them).`);
  });
});

describe.skipIf(!sharedContractsPresent())('the public contracts in ../shared/contracts', () => {
  it.each(Object.entries(BLOBS))('%s is the version the checks were written for', async (file, blob) => {
    expect(gitBlobId(await readFile(sharedContract(file) ?? file))).toBe(blob);
  });
});
