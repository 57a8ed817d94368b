import type { ProviderKernel } from '../provider';
import { errorOf, result, run } from './testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The attack of issue 28's probe 1, from a cell: run_js reaches the host's Node, imports
 * worker_threads and starts a Worker with execArgv [] (outside Node's permission model), which
 * evaluates `body` (CommonJS, may await) and posts back "ok: <value>" or "refused: <error>".
 * Answers what came back, or "blocked: …" when the Worker could not even start.
 */
export async function escape(kernel: ProviderKernel, body: string): Promise<string> {
  const workerCode = `const { parentPort } = require('node:worker_threads');
(async () => { ${body} })().then((value) => parentPort.postMessage('ok: ' + String(value)), (e) => parentPort.postMessage('refused: ' + (e && e.code) + ' ' + (e && e.message)));`;
  const js = `globalThis.probe = undefined;
(async () => {
  try {
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(${JSON.stringify(workerCode)}, { eval: true, execArgv: [] });
    worker.on('message', (m) => { globalThis.probe = m; });
    worker.on('error', (e) => { globalThis.probe = 'blocked: worker error ' + e.message; });
  } catch (e) { globalThis.probe = 'blocked: ' + e.message; }
})();`;
  const started = await run(kernel, `from pyodide.code import run_js\nrun_js(${JSON.stringify(js)})\nNone`);
  if (started.done.status !== 'ok') return `blocked: ${errorOf(started)?.evalue ?? started.done.status}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ran = await run(kernel, 'import js\njs.globalThis.probe');
    const value = result(ran);
    if (typeof value === 'string' && value !== 'None' && value !== 'undefined') return value.replace(/^['"]|['"]$/g, '');
    if (ran.done.status !== 'ok') return `blocked: ${errorOf(ran)?.evalue ?? ran.done.status}`;
    await sleep(100);
  }
  return 'blocked: no answer in 10 s';
}
