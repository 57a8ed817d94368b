import { describe, expect, it } from 'vitest';
import { documentTitle } from './usePageMeta';

describe('documentTitle', () => {
  it('puts the page before the product', () => {
    expect(documentTitle({ title: 'SQL Editor' })).toBe('SQL Editor · Data Platform Console');
    expect(documentTitle({ title: 'Sign in' })).toBe('Sign in · Data Platform Console');
  });

  it('is the product alone where the route names no page', () => {
    expect(documentTitle(undefined)).toBe('Data Platform Console');
  });
});
