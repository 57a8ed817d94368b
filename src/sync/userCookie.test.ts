import { describe, expect, it } from 'vitest';
import { parseUserCookie } from './userCookie';

const profile = { username: 'admin', role: 'admin', firstName: 'Admin', lastName: 'User' };
const encoded = encodeURIComponent(JSON.stringify(profile));

describe('parseUserCookie', () => {
  it.each([
    ['only cookie', `user=${encoded}`, profile],
    ['among others', `a=1; user=${encoded}; b=2`, profile],
    ['missing', 'a=1; b=2', null],
    ['empty string', '', null],
    ['not JSON', 'user=%7Bnope', null],
    ['wrong role', `user=${encodeURIComponent(JSON.stringify({ ...profile, role: 'root' }))}`, null],
    ['missing name', `user=${encodeURIComponent(JSON.stringify({ username: 'x', role: 'editor' }))}`, null],
  ])('%s', (_label, header, expected) => {
    expect(parseUserCookie(header)).toEqual(expected);
  });

  it('drops any field that is not public profile', () => {
    const withSecret = encodeURIComponent(JSON.stringify({ ...profile, token: 'abc', password: 'x' }));
    expect(parseUserCookie(`user=${withSecret}`)).toEqual(profile);
  });
});
