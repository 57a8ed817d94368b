// Runs in Node with its file system (tsconfig.node.json): it reads the official nbformat schema and our fixtures.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import Ajv04 from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { sharedContract, sharedContractsPresent } from '../../../server/testing/sharedContracts';
import { corpus } from './fixtures/corpus';
import { parseNotebook } from './parse';
import { NBFORMAT_45_SCHEMA, NBFORMAT_AJV_OPTIONS } from './schema';
import { schemaProblem } from './validate';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const files = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.ipynb')).map((f) => path.join(dir, f));

describe.skipIf(!sharedContractsPresent())('our nbformat 4.5 schema and the official one (../shared/contracts)', () => {
  let compiled: ((data: unknown) => boolean) | undefined;
  const official = (): ((data: unknown) => boolean) => {
    if (compiled) return compiled;
    const schema = JSON.parse(readFileSync(sharedContract('nbformat.v4.5.schema.json')!, 'utf8')) as object;
    // The official file has keywords draft-04 does not know (a misspelt "item", "source_hidden" beside properties).
    return (compiled = new Ajv04({ strict: false }).compile(schema));
  };
  const ours = new Ajv(NBFORMAT_AJV_OPTIONS).compile(NBFORMAT_45_SCHEMA);

  it.each(corpus())('$name: both say valid = $valid', ({ notebook, valid }) => {
    expect(official()(notebook)).toBe(valid);
    expect(ours(notebook)).toBe(valid);
    expect(schemaProblem(notebook) === null).toBe(valid);
  });

  it('both accept every fixture notebook as written and as imported', () => {
    const check = official();
    const all = [...files(FIXTURES), ...files(path.join(FIXTURES, 'upgrade'))];
    expect(all.length).toBeGreaterThanOrEqual(15);
    for (const file of all) {
      const text = readFileSync(file, 'utf8');
      const parsed = parseNotebook(text, path.basename(file));
      if (!parsed.ok) throw new Error(`${file}: ${parsed.reason}`);
      expect(check(parsed.notebook), file).toBe(true);
      if (path.dirname(file) === FIXTURES) expect(check(JSON.parse(text)), file).toBe(true);
    }
  });
});
