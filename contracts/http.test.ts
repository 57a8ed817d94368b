import { describe, expect, it } from 'vitest';
import { isMutatingMethod } from './http';

describe('isMutatingMethod', () => {
  it('is true for the methods that change state, as written on the wire', () => {
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(isMutatingMethod)).toEqual([true, true, true, true]);
  });

  it('is false for reads and for other spellings (servers see methods in upper case)', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'post', ''].map(isMutatingMethod)).toEqual([false, false, false, false, false]);
  });
});
