import { describe, expect, it } from 'vitest';
import { isMutatingMethod } from './http';

describe('isMutatingMethod', () => {
  it('takes POST, PUT, PATCH and DELETE in any case', () => {
    for (const method of ['POST', 'put', 'Patch', 'delete']) expect(isMutatingMethod(method)).toBe(true);
  });

  it('leaves reads and a missing method alone', () => {
    for (const method of ['GET', 'head', 'OPTIONS', undefined, '']) expect(isMutatingMethod(method)).toBe(false);
  });
});
