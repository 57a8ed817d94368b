import { describe, expect, it } from 'vitest';
import { LoginThrottle, type AttemptStart } from './throttle';

function started(start: AttemptStart) {
  if (start.kind !== 'started') throw new Error(`expected a started attempt, got ${JSON.stringify(start)}`);
  return start.attempt;
}

describe('LoginThrottle', () => {
  it('forgets a key after an hour without attempts', () => {
    let now = 0;
    const throttle = new LoginThrottle({ clock: () => now });
    for (let index = 0; index < 5; index++) started(throttle.start('ip', 'admin')).failed();
    expect(throttle.start('ip', 'admin')).toEqual({ kind: 'throttled', reason: 'failures', retryAfterMs: 1000 });
    now += 60 * 60 * 1000;
    for (let index = 0; index < 5; index++) started(throttle.start('ip', 'admin')).failed();
    expect(throttle.start('ip', 'admin').kind).toBe('throttled');
  });

  it('a success forgives the failures that ended before it started, not those running beside it', () => {
    const throttle = new LoginThrottle({ clock: () => 0 });
    for (let index = 0; index < 2; index++) started(throttle.start('ip', 'admin')).failed();
    const beside = started(throttle.start('ip', 'admin'));
    const right = started(throttle.start('ip', 'admin'));
    const after = started(throttle.start('ip', 'admin'));
    right.succeeded();
    beside.failed();
    after.failed();
    // The two earlier failures are forgiven; the two beside the success still count: 2 + 3 = 5.
    for (let index = 0; index < 3; index++) started(throttle.start('ip', 'admin')).failed();
    expect(throttle.start('ip', 'admin').kind).toBe('throttled');
  });

  it('an abandoned attempt (server busy) costs nothing', () => {
    const throttle = new LoginThrottle({ clock: () => 0 });
    for (let index = 0; index < 50; index++) started(throttle.start('ip', 'admin')).abandoned();
    for (let index = 0; index < 5; index++) started(throttle.start('ip', 'admin')).failed();
    expect(throttle.start('ip', 'admin').kind).toBe('throttled');
  });

  it('a user name gets ten checks from new addresses, then one every 5 s; an address where it signed in is spared', () => {
    let now = 0;
    const throttle = new LoginThrottle({ clock: () => now });
    // The first sign-in from home spent one of the ten.
    started(throttle.start('home', 'admin')).succeeded();
    for (let index = 0; index < 9; index++) started(throttle.start(`new-${index}`, 'admin')).failed();
    expect(throttle.start('new-10', 'admin')).toEqual({ kind: 'throttled', reason: 'name', retryAfterMs: 5000 });
    expect(started(throttle.start('home', 'admin')).trusted).toBe(true);
    expect(started(throttle.start('new-10', 'editor')).trusted).toBe(false);
    now += 5000;
    started(throttle.start('new-10', 'admin')).failed();
    expect(throttle.start('new-11', 'admin').kind).toBe('throttled');
  });
});
