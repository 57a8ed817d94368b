import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signIn, useFixture } from '../testing/harness';

describe('closing the app', () => {
  const fixture = useFixture();

  it('ends open kernel event streams instead of waiting for their clients to leave', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/notebook/kernel-events`, { headers: { cookie } });
    const reading = response.text();
    const closed = fixture.close(app).then(() => 'closed');
    const tooLong = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000));
    expect(await Promise.race([closed, tooLong])).toBe('closed');
    expect(await reading).toMatch(/^: open\n\nevent: server\n/);
  });
});
