import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** The upstream blob ids (contracts/upstream/README.md): the vendored copies are the upstream bytes. */
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

describe('vendored upstream contracts', () => {
  it.each(Object.entries(BLOBS))('%s is the unmodified upstream file', async (file, blob) => {
    const bytes = await readFile(new URL(`../contracts/upstream/${file}`, import.meta.url));
    expect(gitBlobId(bytes)).toBe(blob);
  });
});
