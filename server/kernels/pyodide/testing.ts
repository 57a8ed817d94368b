import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NbOutput, RunDone, RunEvent } from '../../../contracts/kernels';
import type { KernelSql, ProviderKernel } from '../provider';
import { openSandbox, SandboxUnavailable, type Sandbox } from '../sandbox';
import { createPyodideProvider, type PyodideOptions } from './provider';

/** A run's events as they came, each with the time it arrived, and its end. */
export interface Ran {
  events: { event: RunEvent; at: number }[];
  outputs: NbOutput[];
  done: RunDone;
  doneAt: number;
  /** stdout and stderr joined, in order. */
  text: string;
}

export async function run(kernel: ProviderKernel, code: string): Promise<Ran> {
  const events: Ran['events'] = [];
  const done = await kernel.execute(code, (event) => events.push({ event, at: Date.now() }));
  const outputs = events.flatMap(({ event }) => (event.type === 'output' ? [event.output] : []));
  const text = outputs.map((o) => (o.output_type === 'stream' ? o.text : '')).join('');
  return { events, outputs, done, doneAt: Date.now(), text };
}

/** The text/plain of the run's execute_result. */
export function result(ran: Ran): unknown {
  const output = ran.outputs.find((o) => o.output_type === 'execute_result');
  return output?.output_type === 'execute_result' ? output.data['text/plain'] : undefined;
}

export function errorOf(ran: Ran) {
  const output = ran.outputs.find((o) => o.output_type === 'error');
  return output?.output_type === 'error' ? output : undefined;
}

const noSql: KernelSql = async () => {
  throw new Error('no warehouse in this test');
};

export const quietLog = { warn: () => {} };

/** The OS sandbox, or why this machine has none (the isolation tests then skip, saying so). */
export function testSandbox(): { sandbox: Sandbox; missing: null } | { sandbox: null; missing: string } {
  try {
    return { sandbox: openSandbox({ mode: 'on' }), missing: null };
  } catch (error) {
    if (error instanceof SandboxUnavailable) return { sandbox: null, missing: error.message };
    throw error;
  }
}

/** Kernels in the sandbox where this machine has it (else without: the cells behave the same). */
export function testProvider(options: Partial<PyodideOptions> = {}) {
  const scratchRoot = join(mkdtempSync(join(tmpdir(), 'pyodide-test-')), 'kernels');
  const sandbox = testSandbox().sandbox ?? openSandbox({ mode: 'off' });
  const confinement = { sandbox, memoryMb: 1024, cpuShare: 1 };
  const provider = createPyodideProvider({ scratchRoot, spares: 0, sql: noSql, log: quietLog, confinement, ...options });
  return { provider, scratchRoot };
}

export const START = { owner: 'alice', spec: 'python3-pyodide', path: null };
