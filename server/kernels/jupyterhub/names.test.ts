import { describe, expect, it } from 'vitest';
import { consoleName, hubName } from './names';

describe('console user names on the Hub', () => {
  it('keeps safe lowercase names and escapes everything else, reversibly', () => {
    const cases: Array<[string, string]> = [
      ['ann', 'ann'],
      ['ann.lee@example.org', 'ann.lee@example.org'],
      ['Ann', '_41nn'],
      ['ann_lee', 'ann_5flee'],
      ['a b/c', 'a_20b_2fc'],
      ['zoë', 'zo_c3_ab'],
    ];
    for (const [username, name] of cases) {
      expect(hubName(username)).toBe(name);
      expect(consoleName(name)).toBe(username);
    }
    expect(hubName('Ann')).not.toBe(hubName('ann'));
  });

  it('refuses Hub names it never makes (someone else’s users on the same Hub)', () => {
    for (const name of ['Ann', 'ann_', 'ann_4', 'ann_zz', 'ann lee', '_61nn']) expect(consoleName(name)).toBeNull();
  });
});
