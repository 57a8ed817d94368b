// Slow: ten real Pyodide processes (about 50 s on 2 cores); the name marks it so it can be run apart.
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { KernelProvider } from '../provider';
import { result, run, START, testProvider } from './testing';

let provider: KernelProvider | undefined;
afterAll(() => provider?.close());

describe('ten embedded kernels at once', () => {
  it('start, compute on their own state and shut down, leaving no scratch folder', async () => {
    const made = testProvider();
    provider = made.provider;
    const kernels = await Promise.all(Array.from({ length: 10 }, () => made.provider.startKernel(START)));
    expect(new Set(kernels.map((k) => k.id)).size).toBe(10);
    expect(readdirSync(made.scratchRoot)).toHaveLength(10);
    await Promise.all(kernels.map((kernel, i) => run(kernel, `n = ${i}`)));
    const sums = await Promise.all(kernels.map((kernel) => run(kernel, 'sum(range(n * 1000))')));
    expect(sums.map(result)).toEqual(kernels.map((_, i) => String(((i * 1000) * (i * 1000 - 1)) / 2)));
    const rss = await run(kernels[0], 'import js\njs.process.memoryUsage().rss // 2**20');
    console.info(`one embedded kernel's process: ${String(result(rss))} MB RSS`);
    await Promise.all(kernels.map((kernel) => kernel.shutdown()));
    expect(kernels.map((k) => k.state)).toEqual(Array(10).fill('dead'));
    expect(readdirSync(made.scratchRoot)).toEqual([]);
  }, 240_000);
});
