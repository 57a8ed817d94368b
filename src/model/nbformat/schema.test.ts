import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { corpus } from './fixtures/corpus';
import { NBFORMAT_45_SCHEMA, NBFORMAT_AJV_OPTIONS } from './schema';
import { schemaProblem, where } from './validate';
import generated from './validator.generated.js?raw';
import { generatedValidatorSource } from './validatorSource';

describe('the generated validator', () => {
  it('is up to date with schema.ts (else run `npm run gen:nbformat`)', () => {
    expect(generated).toBe(generatedValidatorSource());
  });

  it('runs under a CSP without unsafe-eval: no eval, no new Function, no imports', () => {
    expect(generated).not.toMatch(/\bnew Function\b|\beval\(|\bimport\b|\brequire\(/);
  });

  const compiled = new Ajv(NBFORMAT_AJV_OPTIONS).compile(NBFORMAT_45_SCHEMA);
  it.each(corpus())('$name: valid = $valid, as our schema compiled at run time says', ({ notebook, valid }) => {
    expect(compiled(notebook)).toBe(valid);
    expect(schemaProblem(notebook) === null).toBe(valid);
  });
});

describe('schema problems in words', () => {
  it('names the cell and output by number and the field by its path', () => {
    expect(where('')).toBe('');
    expect(where('/cells/2/outputs/0/data/text~1plain')).toBe('cell 3, output 1, data.text/plain: ');
    expect(where('/metadata/kernelspec')).toBe('metadata.kernelspec: ');
    expect(where('/metadata/cells/1')).toBe('metadata.cells.1: ');
  });

  it('says which cell type is unknown', () => {
    const nb = { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: 'heading', id: 'a', metadata: {}, source: '' }] };
    expect(schemaProblem(nb)).toBe('cell 1: unknown cell_type "heading"');
  });
});
