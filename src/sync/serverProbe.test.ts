import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerProbe } from './serverProbe';

function setup({ up = false, waiting = true } = {}) {
  const world = { up, waiting };
  const probe = vi.fn(async () => world.up);
  const onServerBack = vi.fn();
  const serverProbe = createServerProbe({
    probe,
    hasQueuedSaves: () => world.waiting,
    onServerBack,
    backoff: { baseMs: 1000, maxMs: 10_000, jitter: 'none' },
  });
  return { world, probe, onServerBack, serverProbe };
}

/** Times (ms since start) at which the probe ran, over `duration`. */
async function probeTimes(probe: ReturnType<typeof vi.fn>, duration: number, step = 100): Promise<number[]> {
  const times: number[] = [];
  for (let t = 0; t <= duration; t += step) {
    const before = probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(t === 0 ? 0 : step);
    if (probe.mock.calls.length > before) times.push(t);
  }
  return times;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createServerProbe', () => {
  it('while the server is away, probes at once, then after 1, 2, 4, 8, 10, 10 s', async () => {
    const { probe, onServerBack, serverProbe } = setup();
    serverProbe.start();
    expect(await probeTimes(probe, 46_000)).toEqual([0, 1000, 3000, 7000, 15_000, 25_000, 35_000, 45_000]);
    expect(onServerBack).not.toHaveBeenCalled();
    serverProbe.stop();
  });

  it('when the server answers, asks for a replay, then probes every 10 s while saves wait', async () => {
    const { world, probe, onServerBack, serverProbe } = setup();
    serverProbe.start();
    await vi.advanceTimersByTimeAsync(1000); // two failed probes
    world.up = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(onServerBack).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onServerBack).toHaveBeenCalledTimes(2); // saves still wait: nudge the replay again
    world.waiting = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onServerBack).toHaveBeenCalledTimes(2);
    expect(probe).toHaveBeenCalledTimes(4); // stopped by itself
  });

  it('with nothing queued it does not probe and stops at once', async () => {
    const { probe, serverProbe } = setup({ waiting: false });
    serverProbe.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).not.toHaveBeenCalled();
  });

  it('falls back to the fast backoff when the server goes away again', async () => {
    const { world, probe, serverProbe } = setup({ up: true });
    serverProbe.start();
    await vi.advanceTimersByTimeAsync(0);
    world.up = false;
    await vi.advanceTimersByTimeAsync(10_000); // fails
    await vi.advanceTimersByTimeAsync(1000); // fails after 1 s
    expect(probe).toHaveBeenCalledTimes(3);
    serverProbe.stop();
  });

  it('start is idempotent; probeNow probes at once', async () => {
    const { probe, serverProbe } = setup();
    serverProbe.start();
    serverProbe.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    serverProbe.probeNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(2);
    serverProbe.stop();
    serverProbe.probeNow(); // restarts a stopped probe
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(3);
    serverProbe.stop();
  });

  it('stop ends probing', async () => {
    const { probe, serverProbe } = setup();
    serverProbe.start();
    await vi.advanceTimersByTimeAsync(0);
    serverProbe.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(1);
  });
});
