import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { DisplayDataOutput, ExecutionState, NbOutput, RunDone, RunEvent } from '../../../contracts/kernels';
import type { KernelProvider, ProviderKernel } from '../provider';
import { createJupyterProvider } from './provider';
import { jupyterAvailable, managedOptions, tempFolder } from './testing/jupyter';

// A restart or a kernel's death takes Jupyter seconds, far more beside the rest of the suite on 2 cores (a restart
// passed the 20 s default once in CI).
vi.setConfig({ testTimeout: 90_000 });

// One managed Jupyter Server for the file (it answers in ~0.5 s, a kernel in ~1 s).

interface Timed {
  event: RunEvent;
  at: number;
}

interface Ran {
  events: Timed[];
  done: RunDone;
  doneAt: number;
  outputs: NbOutput[];
  text: string;
}

async function run(kernel: ProviderKernel, code: string): Promise<Ran> {
  const events: Timed[] = [];
  const done = await kernel.execute(code, (event) => events.push({ event, at: Date.now() }));
  const outputs = events.flatMap(({ event }) => (event.type === 'output' ? [event.output] : []));
  const text = outputs.map((output) => (output.output_type === 'stream' ? output.text : '')).join('');
  return { events, done, doneAt: Date.now(), outputs, text };
}

const SECRET = 'fake-admin-password-for-the-test';
/** Tracebacks come coloured, as the kernel sent them. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

describe.skipIf(!jupyterAvailable())('Jupyter provider: kernels on a managed Jupyter Server', () => {
  const folder = tempFolder('jupyter-kernels-');
  let provider: KernelProvider;
  let kernel: ProviderKernel;
  const secretBefore = process.env.CONSOLE_ADMIN_PASSWORD;

  beforeAll(async () => {
    // The console's own environment holds secrets; the Jupyter Server must not inherit them.
    process.env.CONSOLE_ADMIN_PASSWORD = SECRET;
    provider = createJupyterProvider({ mode: 'managed', ...managedOptions(folder.dir) });
    kernel = await provider.startKernel({ owner: 'ana', spec: 'python3', path: null });
  });

  afterAll(async () => {
    await provider?.close();
    if (secretBefore === undefined) delete process.env.CONSOLE_ADMIN_PASSWORD;
    else process.env.CONSOLE_ADMIN_PASSWORD = secretBefore;
    folder.remove();
  });

  it('starts idle, with the Jupyter kernel id', () => {
    expect(kernel.state).toBe('idle');
    expect(kernel.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(kernel.spec).toBe('python3');
  });

  it('keeps state across cells and counts executions', async () => {
    const first = await run(kernel, 'x = 41');
    const second = await run(kernel, 'x + 1');
    expect(first.done.status).toBe('ok');
    expect(second.done).toEqual({ type: 'done', execution_count: first.done.execution_count! + 1, status: 'ok' });
    expect(second.outputs).toEqual([{ output_type: 'execute_result', execution_count: second.done.execution_count, data: { 'text/plain': '42' }, metadata: {} }]);
  });

  it('keeps stdout and stderr in the order they were written', async () => {
    const { outputs } = await run(kernel, "import sys\nprint('one', flush=True)\nprint('two', file=sys.stderr, flush=True)\nprint('three', flush=True)");
    expect(outputs).toEqual([
      { output_type: 'stream', name: 'stdout', text: 'one\n' },
      { output_type: 'stream', name: 'stderr', text: 'two\n' },
      { output_type: 'stream', name: 'stdout', text: 'three\n' },
    ]);
  });

  it('reports an error with its traceback, and aborts the runs queued behind it', async () => {
    const [failed, queued] = await Promise.all([run(kernel, 'def f():\n    return 1 / 0\nf()'), run(kernel, "print('never')")]);
    expect(failed.done.status).toBe('error');
    const error = failed.outputs.find((output) => output.output_type === 'error');
    expect(error).toMatchObject({ ename: 'ZeroDivisionError', evalue: 'division by zero' });
    const traceback = error?.output_type === 'error' ? error.traceback.join('\n').replace(ANSI, '') : '';
    expect(traceback).toContain('----> 2     return 1 / 0');
    expect(queued.done).toEqual({ type: 'done', execution_count: null, status: 'aborted' });
    expect(queued.text).toBe('');
  });

  it('interrupts `while True: pass` within a few seconds: the run is aborted', async () => {
    const running = run(kernel, 'while True: pass');
    await waitFor(() => kernel.state === 'busy');
    const interruptedAt = Date.now();
    await kernel.interrupt();
    const { done, doneAt, outputs } = await running;
    expect(done.status).toBe('aborted');
    expect(outputs.at(-1)).toMatchObject({ output_type: 'error', ename: 'KeyboardInterrupt' });
    expect(doneAt - interruptedAt).toBeLessThan(3_000);
    expect((await run(kernel, 'print("alive")')).text).toBe('alive\n');
  });

  it('streams output as it is printed', async () => {
    const { events, doneAt, text } = await run(kernel, 'import time\nfor i in range(3):\n    print(i, flush=True)\n    time.sleep(0.3)');
    expect(text).toBe('0\n1\n2\n');
    const streams = events.filter(({ event }) => event.type === 'output');
    expect(streams).toHaveLength(3);
    // The first line arrives about 0.9 s before the end, the last about 0.3 s.
    expect(doneAt - streams[0].at).toBeGreaterThan(600);
    expect(streams[2].at - streams[0].at).toBeGreaterThan(400);
  });

  it('makes input() fail at once instead of waiting for a prompt', async () => {
    const started = Date.now();
    const { done, outputs, doneAt } = await run(kernel, "input('Your name? ')");
    expect(done.status).toBe('error');
    expect(outputs).toEqual([expect.objectContaining({ output_type: 'error', ename: 'StdinNotImplementedError' })]);
    expect(doneAt - started).toBeLessThan(2_000);
  });

  it("shows a pandas DataFrame's last expression as HTML", async () => {
    const { done, outputs } = await run(kernel, "import pandas as pd\npd.DataFrame({'city': ['Lyon', 'Oslo'], 'n': [1, 2]})");
    expect(done.status).toBe('ok');
    const result = outputs.find((output) => output.output_type === 'execute_result');
    expect(result?.output_type === 'execute_result' && String(result.data['text/html'])).toMatch(/<table[\s\S]*Oslo/);
  });

  it('shows a matplotlib figure as a PNG display_data (inline backend)', async () => {
    const { done, outputs } = await run(kernel, 'import matplotlib.pyplot as plt\nplt.plot([1, 3, 2])\nplt.show()');
    expect(done.status).toBe('ok');
    const png = outputs.find((output): output is DisplayDataOutput => output.output_type === 'display_data' && 'image/png' in output.data);
    expect(Buffer.from(String(png?.data['image/png']), 'base64').subarray(1, 4).toString()).toBe('PNG');
  }, 40_000);

  it('passes display ids on and updates displays in place', async () => {
    const { events } = await run(kernel, "from IPython.display import display\nh = display('first', display_id=True)\nh.update('second')");
    const [shown, updated] = events.map(({ event }) => event);
    expect(shown).toMatchObject({ type: 'output', output: { output_type: 'display_data', data: { 'text/plain': "'first'" } } });
    const id = shown.type === 'output' && shown.output.output_type === 'display_data' ? shown.output.transient?.display_id : undefined;
    expect(id).toEqual(expect.any(String));
    expect(updated).toEqual({ type: 'update_display_data', output: { output_type: 'display_data', data: { 'text/plain': "'second'" }, metadata: {}, transient: { display_id: id } } });
  });

  it('passes clear_output on between the outputs around it', async () => {
    const { events } = await run(kernel, "from IPython.display import clear_output\nprint('old')\nclear_output(wait=True)\nprint('new')");
    expect(events.map(({ event }) => (event.type === 'output' && event.output.output_type === 'stream' ? event.output.text : event.type))).toEqual(['old\n', 'clear_output', 'new\n']);
    expect(events[1].event).toEqual({ type: 'clear_output', wait: true });
  });

  it("runs kernels without the console's secrets, with HOME under the runtime folder and the work folder in it as cwd", async () => {
    const { text } = await run(kernel, "import os\nprint(os.environ.get('CONSOLE_ADMIN_PASSWORD'))\nprint(os.environ['HOME'])\nprint(os.getcwd())");
    expect(text).toBe(`None\n${folder.dir}/runtime/ana/home\n${folder.dir}/runtime/ana/home/work\n`);
  });

  it('reconnects a lost socket once: the run in flight is aborted saying so, the next one runs', async () => {
    await run(kernel, 'kept = "still here"');
    const running = run(kernel, 'import time\ntime.sleep(1.5)');
    await waitFor(() => kernel.state === 'busy');
    (kernel as unknown as { socket: WebSocket }).socket.terminate();
    const lost = await running;
    expect(lost.done.status).toBe('aborted');
    expect(lost.outputs.at(-1)).toMatchObject({ output_type: 'error', evalue: expect.stringContaining('connection to the kernel was lost') });
    // The kernel was still sleeping: it is idle once that ends, and kept its variables.
    await waitFor(() => kernel.state === 'idle');
    expect((await run(kernel, 'print(kept)')).text).toBe('still here\n');
  });

  it('restarts with every variable gone, aborting the run in flight; a run asked for meanwhile runs after', async () => {
    await run(kernel, 'gone = 1');
    const states: ExecutionState[] = [];
    const unsubscribe = kernel.onState((state) => states.push(state));
    const running = run(kernel, 'import time\ntime.sleep(30)');
    await waitFor(() => kernel.state === 'busy');
    const restarting = kernel.restart();
    const asked = run(kernel, "print('on the new interpreter')");
    await restarting;
    unsubscribe();
    expect(await asked).toMatchObject({ done: { status: 'ok' }, text: 'on the new interpreter\n' });
    expect(kernel.state).toBe('idle');
    expect(states).toContain('restarting');
    expect(states.at(-1)).toBe('idle');
    const aborted = await running;
    expect(aborted.done.status).toBe('aborted');
    expect(aborted.outputs).toEqual([expect.objectContaining({ output_type: 'error', evalue: expect.stringContaining('restarted') })]);
    const after = await run(kernel, 'gone');
    expect(after.outputs).toEqual([expect.objectContaining({ output_type: 'error', ename: 'NameError' })]);
  });

  it('ends a run whose kernel dies as aborted, and goes on with the kernel Jupyter restarts', async () => {
    // Jupyter notices the death within ~3 s (its restarter's poll), then starts another kernel.
    const states: ExecutionState[] = [];
    kernel.onState((state) => states.push(state));
    const died = await run(kernel, 'import os\nos._exit(1)');
    expect(died.done.status).toBe('aborted');
    expect(died.outputs.at(-1)).toMatchObject({ output_type: 'error', evalue: expect.stringContaining('kernel died') });
    await waitFor(() => kernel.state === 'idle', 30_000, () => `states: ${states.join(', ')}`);
    expect((await run(kernel, 'print(2 + 2)')).text).toBe('4\n');
  }, 60_000);

  it('shuts down: dead, and a later run is refused with an error output', async () => {
    const other = await provider.startKernel({ owner: 'ana', spec: 'python3', path: null });
    const states: ExecutionState[] = [];
    other.onState((state) => states.push(state));
    await other.shutdown();
    expect(other.state).toBe('dead');
    expect(states).toEqual(['dead']);
    const refused = await run(other, 'print(1)');
    expect(refused.done).toEqual({ type: 'done', execution_count: null, status: 'aborted' });
    expect(refused.outputs).toEqual([expect.objectContaining({ output_type: 'error', evalue: expect.stringContaining('dead') })]);
    await other.shutdown();
  });

  it('says which kernel could not start', async () => {
    await expect(provider.startKernel({ owner: 'ana', spec: 'no-such-kernel', path: null })).rejects.toThrow(/No such kernel named no-such-kernel/);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000, detail = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting ${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
