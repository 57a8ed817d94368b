import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPathFor, redirectFor } from './redirects';

describe('redirectFor', () => {
  it.each([
    ['/', '/admin'],
    ['', '/admin'],
    ['/admin', '/admin/default'],
    ['/admin/', '/admin/default'],
    ['/admin/new', '/admin/default'],
    ['/nowhere', '/admin/default'],
    ['/nowhere/deeper/still', '/admin/default'],
    ['/administrator', '/admin/default'],
  ])('%s → %s (replace)', (from, to) => {
    expect(redirectFor(from)).toEqual({ to, replace: true });
  });

  it.each(['/admin/default', '/admin/sql', '/admin/catalog/a/b/c', '/auth', '/auth/login', '/my-profile', '/admin/unknown'])(
    '%s renders as it is',
    (path) => {
      expect(redirectFor(path)).toBeNull();
    },
  );
});

describe('loginPathFor', () => {
  it('remembers the page the user was headed to', () => {
    expect(loginPathFor('/admin/sql', '?tab=2')).toBe('/auth/login?returnTo=%2Fadmin%2Fsql%3Ftab%3D2');
  });
  it('does not remember the bare admin root or auth pages', () => {
    expect(loginPathFor('/admin')).toBe('/auth/login');
    expect(loginPathFor('/auth/login')).toBe('/auth/login');
  });
});

describe('afterLoginPath', () => {
  it.each([
    [null, '/admin/'],
    ['/admin/sql', '/admin/sql'],
    ['/my-profile', '/my-profile'],
    ['https://evil.example/phish', '/admin/'],
    ['//evil.example', '/admin/'],
    ['/auth/login', '/admin/'],
    ['javascript:alert(1)', '/admin/'],
  ])('%s → %s', (returnTo, expected) => {
    expect(afterLoginPath(returnTo)).toBe(expected);
  });
});
