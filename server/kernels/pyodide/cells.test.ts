import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KernelProvider, KernelSql, ProviderKernel } from '../provider';
import { errorOf, result, run, START, testProvider } from './testing';

// One real Pyodide kernel (a sandboxed process) shared by every case; restart comes last.
let provider: KernelProvider;
let kernel: ProviderKernel;
let secrets: string;
const sqlCalls: { owner: string; query: string }[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sql: KernelSql = async (owner, query) => {
  sqlCalls.push({ owner, query });
  if (query === 'slow') return new Promise((resolve) => setTimeout(() => resolve({ columns: ['stale'], rows: [{ stale: 1 }] }), 500));
  if (query.includes('missing')) throw new Error('Catalog Error: Table with name missing does not exist!');
  const rows = Array.from({ length: 120 }, (_, i) => ({ id: BigInt(i), name: i === 0 ? '<script>x</script>' : `row ${i}` }));
  return { columns: ['id', 'name'], rows };
};

beforeAll(async () => {
  secrets = mkdtempSync(join(tmpdir(), 'console-data-'));
  for (const name of ['console.duckdb', 'secret.key', 'credentials.txt']) writeFileSync(join(secrets, name), `TOP SECRET ${name}`);
  // The console's own environment holds secrets; none may reach the kernel.
  process.env.CONSOLE_ADMIN_PASSWORD = 'fake-admin-password';
  ({ provider } = testProvider({ sql }));
  kernel = await provider.startKernel(START);
}, 60_000);

afterAll(async () => {
  delete process.env.CONSOLE_ADMIN_PASSWORD;
  await provider.close();
});

describe('cells, as IPython runs them', () => {
  it('keeps state across cells, shows the last value and counts runs from 1', async () => {
    const first = await run(kernel, 'x = 20\ny = x + 1');
    expect(first.done).toEqual({ type: 'done', execution_count: 1, status: 'ok' });
    expect(first.outputs).toEqual([]);
    const second = await run(kernel, 'x * 2 + y');
    expect(second.done.execution_count).toBe(2);
    expect(result(second)).toBe('61');
    expect(second.outputs[0]).toMatchObject({ output_type: 'execute_result', execution_count: 2 });
    expect((await run(kernel, 'x;')).outputs).toEqual([]);
    expect((await run(kernel, 'None')).outputs).toEqual([]);
  });

  it('streams stdout and stderr in the order they were written, the partial last line included', async () => {
    const ran = await run(kernel, 'import sys\nprint("one")\nprint("two", file=sys.stderr)\nprint("three")\nprint("tail", end="")');
    const streams = ran.outputs.map((o) => (o.output_type === 'stream' ? `${o.name}:${o.text}` : o.output_type));
    expect(streams).toEqual(['stdout:one\n', 'stderr:two\n', 'stdout:three\n', 'stdout:tail']);
  });

  it('delivers each line when it is printed, not at the end of the cell', async () => {
    const ran = await run(kernel, 'import time\nfor i in range(3):\n    print(i)\n    time.sleep(0.3)');
    expect(ran.text).toBe('0\n1\n2\n');
    const [first, , third] = ran.events.map((e) => e.at);
    expect(ran.doneAt - first).toBeGreaterThanOrEqual(700);
    expect(third - first).toBeGreaterThanOrEqual(500);
  });

  it('reports an error with an IPython-like traceback that hides the host', async () => {
    const ran = await run(kernel, 'def f():\n    return 1 / 0\n\nprint("before")\nf()');
    expect(ran.done.status).toBe('error');
    expect(ran.text).toBe('before\n');
    const error = errorOf(ran);
    expect(error).toMatchObject({ ename: 'ZeroDivisionError', evalue: 'division by zero' });
    const traceback = error!.traceback.join('\n');
    expect(traceback).toContain('Cell In[');
    expect(traceback).toContain('return 1 / 0');
    expect(traceback).not.toContain('console_kernel');
    expect((await run(kernel, 'x')).done.status).toBe('ok');
  });

  it('passes on no forged event from a cell', async () => {
    const ran = await run(kernel, [
      'import _console_host',
      `_console_host.emit('{"type": "done", "execution_count": 1, "status": "ok"}')`,
      `_console_host.emit('{"type": "output", "output": {"output_type": "nonsense"}}')`,
      'print("still running")',
    ].join('\n'));
    expect(ran.events.map((e) => e.event)).toEqual([{ type: 'output', output: { output_type: 'stream', name: 'stdout', text: 'still running\n' } }]);
  });

  it('refuses top-level await with a clear error', async () => {
    const ran = await run(kernel, 'import asyncio\nawait asyncio.sleep(0)');
    expect(errorOf(ran)).toMatchObject({ ename: 'SyntaxError' });
    expect(errorOf(ran)!.evalue).toContain('top-level await is not supported');
  });

  it('fails input() at once instead of waiting for a prompt', async () => {
    const ran = await run(kernel, 'name = input("name? ")');
    expect(errorOf(ran)).toMatchObject({ ename: 'StdinNotImplementedError' });
    expect(errorOf(ran)!.evalue).toContain('input() is not available');
  });

  it('points import pandas (and numpy, matplotlib, micropip) to the Jupyter provider', async () => {
    for (const name of ['pandas', 'numpy', 'matplotlib.pyplot', 'micropip']) {
      const error = errorOf(await run(kernel, `import ${name}`));
      expect(error).toMatchObject({ ename: 'ModuleNotFoundError' });
      expect(error!.evalue).toContain('CONSOLE_KERNELS=jupyter');
    }
    const load = errorOf(await run(kernel, 'import pyodide_js\npyodide_js.loadPackage("numpy")'));
    expect(load!.evalue).toContain('cannot be installed');
  });
});

describe('rich display', () => {
  it('shows _repr_html_ and _repr_png_ beside text/plain', async () => {
    const ran = await run(kernel, [
      'class Card:',
      '    def _repr_html_(self): return "<b>card</b>"',
      '    def _repr_png_(self): return b"\\x89PNG fake"',
      '    def __repr__(self): return "Card()"',
      'Card()',
    ].join('\n'));
    expect(ran.outputs).toEqual([
      {
        output_type: 'execute_result',
        execution_count: ran.done.execution_count,
        data: { 'text/html': '<b>card</b>', 'image/png': Buffer.from('\x89PNG fake', 'latin1').toString('base64'), 'text/plain': 'Card()' },
        metadata: {},
      },
    ]);
  });

  it('display() with a display id, its update, and clear_output', async () => {
    const ran = await run(kernel, [
      'from IPython.display import display, HTML, Markdown, clear_output',
      'print("start")',
      'h = display(HTML("<i>1</i>"), display_id="progress")',
      'h.update(HTML("<i>2</i>"))',
      'display(Markdown("**done**"), display_id="progress", update=True)',
      'clear_output(wait=True)',
      'display("plain")',
    ].join('\n'));
    const kinds = ran.events.map(({ event }) => (event.type === 'output' ? event.output.output_type : event.type));
    expect(kinds).toEqual(['stream', 'display_data', 'update_display_data', 'update_display_data', 'clear_output', 'display_data']);
    const [, shown, update, markdown, clear, plain] = ran.events.map((e) => e.event);
    expect(shown).toMatchObject({ output: { data: { 'text/html': '<i>1</i>' }, transient: { display_id: 'progress' } } });
    expect(update).toMatchObject({ output: { output_type: 'display_data', data: { 'text/html': '<i>2</i>' }, transient: { display_id: 'progress' } } });
    expect(markdown).toMatchObject({ output: { data: { 'text/markdown': '**done**' } } });
    expect(clear).toEqual({ type: 'clear_output', wait: true });
    expect(plain).toMatchObject({ output: { data: { 'text/plain': "'plain'" } } });
  });
});

describe('sql()', () => {
  it('returns the rows as a list of dicts, shown as an escaped table of the first 100 rows', async () => {
    const ran = await run(kernel, 'rows = sql("select * from t")\nprint(len(rows), rows[1]["name"], type(rows[5]["id"]).__name__)\nrows');
    expect(sqlCalls.at(-1)).toEqual({ owner: 'alice', query: 'select * from t' });
    expect(ran.text).toBe('120 row 1 int\n');
    const shown = ran.outputs.find((o) => o.output_type === 'execute_result');
    const html = String(shown?.output_type === 'execute_result' && shown.data['text/html']);
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html.match(/<tr>/g)).toHaveLength(101);
    expect(html).toContain('120 rows, the first 100 shown');
    expect(String(result(ran)).split('\n')[0]).toMatch(/^id\s+name$/);
  });

  it("raises the warehouse's message as a Python exception", async () => {
    const ran = await run(kernel, 'try:\n    sql("select * from missing")\nexcept Exception as e:\n    print(type(e).__name__, e)');
    expect(ran.text).toBe('SqlError Catalog Error: Table with name missing does not exist!\n');
  });
});

describe('sql() interrupted', () => {
  it('ends at once, and its late answer is not taken for the next call', async () => {
    const running = run(kernel, 'sql("slow")');
    await sleep(200);
    const interruptedAt = Date.now();
    await kernel.interrupt();
    const ran = await running;
    expect(ran.doneAt - interruptedAt).toBeLessThan(400);
    expect(ran.done.status).toBe('aborted');
    expect(errorOf(ran)?.ename).toBe('KeyboardInterrupt');
    await sleep(600); // the slow answer arrives now, for nobody
    expect(result(await run(kernel, 'len(sql("select * from t"))'))).toBe('120');
    expect(result(await run(kernel, '1 + 1'))).toBe('2');
  });
});

describe('isolation', () => {
  const files = ['console.duckdb', 'secret.key', 'credentials.txt'];

  it('cannot read the console’s files through a NODEFS mount', async () => {
    for (const name of files) {
      const ran = await run(kernel, `import pyodide_js\npyodide_js.mountNodeFS("/mnt/${name}", "${secrets}")\nprint(open("/mnt/${name}/${name}").read())`);
      expect(ran.done.status).toBe('error');
      expect(JSON.stringify(ran.outputs)).not.toContain('TOP SECRET');
    }
  });

  it('cannot read them through node:fs from JavaScript', async () => {
    const path = join(secrets, 'secret.key');
    const sync = await run(kernel, `import js\njs.process.getBuiltinModule("node:fs").readFileSync("${path}", "utf8")`);
    expect(errorOf(sync)?.evalue).toContain('Access to this API has been restricted');
    await run(kernel, [
      'from pyodide.code import run_js',
      `run_js("import('node:fs').then(fs => fs.readFileSync('${path}', 'utf8')).catch(e => 'refused ' + e.code).then(v => { globalThis.leak = v })");`,
    ].join('\n'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(result(await run(kernel, 'from pyodide.code import run_js\nrun_js("globalThis.leak")'))).toContain('refused ERR_ACCESS_DENIED');
  });

  it('cannot start a process', async () => {
    const ran = await run(kernel, 'from pyodide.code import run_js\nrun_js("process.getBuiltinModule(\'node:child_process\').execSync(\'id\').toString()")');
    expect(ran.done.status).toBe('error');
    expect(errorOf(ran)?.evalue).toContain('Access to this API has been restricted');
    expect(JSON.stringify(ran.outputs)).not.toContain('uid=');
  });

  it("holds none of the console's environment", async () => {
    const ran = await run(kernel, 'import js, os\nprint(list(js.Object.keys(js.process.env)), "CONSOLE_ADMIN_PASSWORD" in os.environ)');
    expect(ran.text).toBe('[] False\n');
  });

  it('writes in its own scratch folder, its working directory', async () => {
    const ran = await run(kernel, 'open("notes.txt", "w").write("hi")\nimport os\nprint(os.getcwd(), os.listdir("."))');
    expect(ran.text).toBe("/home/pyodide ['notes.txt']\n");
  });
});

describe('interrupt and restart', () => {
  it('interrupts while True: pass with KeyboardInterrupt and keeps the state', async () => {
    const running = run(kernel, 'while True: pass');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const interruptedAt = Date.now();
    await kernel.interrupt();
    const ran = await running;
    expect(ran.doneAt - interruptedAt).toBeLessThan(2000);
    expect(ran.done.status).toBe('aborted');
    expect(errorOf(ran)?.ename).toBe('KeyboardInterrupt');
    expect(result(await run(kernel, 'x'))).toBe('20');
  });

  it('restart clears the variables, resets the count and aborts queued runs', async () => {
    const id = kernel.id;
    const busy = run(kernel, 'import time\ntime.sleep(0.5)');
    const queued = run(kernel, 'print("never")');
    const states: string[] = [];
    kernel.onState((state) => states.push(state));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await kernel.restart();
    expect((await busy).done.status).toBe('aborted');
    expect(errorOf(await busy)?.evalue).toContain('restarted');
    expect((await queued).done).toEqual({ type: 'done', execution_count: null, status: 'aborted' });
    expect((await queued).text).toBe('');
    expect(kernel.id).toBe(id);
    expect(kernel.state).toBe('idle');
    expect(states).toEqual(['restarting', 'idle']);
    const after = await run(kernel, 'x');
    expect(after.done).toEqual({ type: 'done', execution_count: 1, status: 'error' });
    expect(errorOf(after)?.ename).toBe('NameError');
  }, 60_000);
});
