import { describe, expect, it, vi } from 'vitest';
import { CredentialEnds } from './credentialEnds';

describe('CredentialEnds', () => {
  it('calls the watchers of the session or token family that ended, once, and no others', () => {
    const ends = new CredentialEnds();
    const [mine, other, token, basic] = [vi.fn(), vi.fn(), vi.fn(), vi.fn()];
    ends.watch({ method: 'session', sessionId: 's1' }, mine);
    ends.watch({ method: 'session', sessionId: 's2' }, other);
    ends.watch({ method: 'bearer', subject: 'admin', sid: 'f1' }, token);
    ends.watch({ method: 'basic', subject: 'admin' }, basic);
    ends.sessionEnded('s1');
    ends.sessionEnded('s1');
    ends.familyEnded('f1');
    expect(mine).toHaveBeenCalledOnce();
    expect(token).toHaveBeenCalledOnce();
    expect(other).not.toHaveBeenCalled();
    expect(basic).not.toHaveBeenCalled();
  });

  it('a watcher that stopped watching (its stream closed) is not called', () => {
    const ends = new CredentialEnds();
    const onEnd = vi.fn();
    const stop = ends.watch({ method: 'session', sessionId: 's1' }, onEnd);
    stop();
    ends.sessionEnded('s1');
    expect(onEnd).not.toHaveBeenCalled();
  });
});
