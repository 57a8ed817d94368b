import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionState } from '../../../contracts/kernels';
import type { KernelProvider, ProviderKernel } from '../provider';
import { errorOf, result, run, START, testProvider } from './testing';

// Two providers: one without spares (cold starts, the hard kill, a crash) and one keeping a warm
// spare, created first so its spare loads while the other's kernel starts.
let warm: KernelProvider;
let cold: KernelProvider;
let kernel: ProviderKernel;
let coldStartMs: number;

beforeAll(async () => {
  warm = testProvider({ spares: 1 }).provider;
  cold = testProvider({ hardKillAfterMs: 1000 }).provider;
  const started = Date.now();
  kernel = await cold.startKernel(START);
  coldStartMs = Date.now() - started;
}, 90_000);

afterAll(async () => {
  await Promise.all([warm.close(), cold.close()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a kernel stuck in a blocking call', () => {
  it('is killed and restarted under the same id after the grace period, and the run says its state was lost', async () => {
    const id = kernel.id;
    await run(kernel, 'x = 1');
    const states: ExecutionState[] = [];
    kernel.onState((state) => states.push(state));
    // time.sleep blocks in the WebAssembly runtime: the interrupt buffer is read only after it.
    const running = run(kernel, 'import time\ntime.sleep(60)');
    await sleep(300);
    const interruptedAt = Date.now();
    await kernel.interrupt();
    const ran = await running;
    expect(ran.doneAt - interruptedAt).toBeGreaterThanOrEqual(900);
    expect(ran.doneAt - interruptedAt).toBeLessThan(5000);
    expect(ran.done).toMatchObject({ status: 'aborted' });
    expect(errorOf(ran)).toMatchObject({ ename: 'KernelRestarted' });
    expect(errorOf(ran)!.evalue).toContain('variables are lost');
    while (kernel.state !== 'idle') await sleep(100);
    expect(states).toEqual(['busy', 'restarting', 'idle']);
    expect(kernel.id).toBe(id);
    const after = await run(kernel, 'x');
    expect(errorOf(after)?.ename).toBe('NameError');
    expect(after.done.execution_count).toBe(1);
  }, 90_000);
});

describe('a kernel whose process dies', () => {
  it('goes dead and ends its running and queued runs as aborted, saying so', async () => {
    // The process kills itself mid-cell (its pid is its sandbox's own, not one the console could signal).
    const running = run(kernel, 'import js, time\ntime.sleep(0.3)\njs.process.kill(js.process.pid, "SIGKILL")\nwhile True: pass');
    const queued = run(kernel, 'print("never")');
    const ran = await running;
    expect(ran.done.status).toBe('aborted');
    expect(errorOf(ran)?.evalue).toContain('ended unexpectedly');
    expect((await queued).done).toEqual({ type: 'done', execution_count: null, status: 'aborted' });
    expect(kernel.state).toBe('dead');
    const late = await run(kernel, '1');
    expect(late.done.status).toBe('aborted');
    expect(errorOf(late)?.ename).toBe('DeadKernel');
  }, 30_000);
});

describe('warm spares', () => {
  it('starts a kernel from the spare much faster than a cold start', async () => {
    const started = Date.now();
    const fromSpare = await warm.startKernel(START);
    const warmStartMs = Date.now() - started;
    console.info(`embedded kernel start: cold ${coldStartMs} ms (a spare loading beside it), from the warm spare ${warmStartMs} ms`);
    expect(warmStartMs * 5).toBeLessThan(coldStartMs);
    expect(result(await run(fromSpare, '6 * 7'))).toBe('42');
  }, 60_000);
});
