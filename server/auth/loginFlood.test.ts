import { describe, expect, it } from 'vitest';
import { signIn, useFixture } from '../testing/harness';
import { holdHashes, sendNow } from '../testing/heldHashes';

const fixture = useFixture();

describe('a sign-in flood', () => {
  it('hashes two passwords at a time, queues four, answers the rest 429 at once; other APIs keep answering', async () => {
    const { app, services } = await fixture.build();
    const { cookie } = await signIn(app);
    const held = holdHashes(services.users);
    // Unknown names from different addresses: no sign-in limit applies, only the hash cap.
    const flood = Array.from({ length: 40 }, (_, index) =>
      sendNow(app, { method: 'POST', url: '/api/v1/temp/login', payload: { username: `nobody-${index}`, password: 'x' }, remoteAddress: `10.1.${index}.1` }),
    );
    const busy = await Promise.all(flood.slice(6));
    expect(busy.map((answer) => answer.statusCode)).toEqual(Array(34).fill(429));
    expect(busy[0].headers['retry-after']).toBe('1');
    expect(busy[0].json().message).toMatch(/busy/i);
    expect(held.started()).toBe(2);

    // While the hashes are held, an authenticated API answers (it needs no hash).
    const me = await app.inject({ method: 'GET', url: '/api/v1/temp/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);

    held.release();
    const checked = await Promise.all(flood.slice(0, 6));
    expect(checked.map((answer) => answer.statusCode)).toEqual(Array(6).fill(401));
    expect(held.started()).toBe(6);
    // Once the queue drained, sign-in works again.
    expect((await signIn(app)).response.statusCode).toBe(200);
  });
});
