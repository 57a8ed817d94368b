/**
 * The kernel's interpreter: loads Pyodide from the package folder (no network) and runs each cell
 * with a synchronous call, so the interrupt buffer raises KeyboardInterrupt (an async run lets it
 * escape and crash the thread). Outputs go to the host as they happen; the Python side is console_kernel.py.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL, URL } from 'node:url';
import { TextDecoder } from 'node:util';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';

const { indexURL, scratch, memoryMb, outputMaxBytes, interrupt, sqlSignal, sqlPort } = workerData;
/** Past this much of one run's output nothing more is sent: the console has cut it there and says so. */
const OUTPUT_SENT_MAX = Number(outputMaxBytes) > 0 ? Number(outputMaxBytes) + 1 : Infinity;
const HOME = '/home/pyodide';
const KERNEL_DIR = '/lib/console_kernel';

function refuseNetwork(pyodide) {
  const refuse = () => {
    throw new Error('packages cannot be installed in the embedded kernel: start a Jupyter kernel for them (see README)');
  };
  pyodide.loadPackage = refuse;
  pyodide.loadPackagesFromImports = refuse;
  globalThis.fetch = () => Promise.reject(new Error('fetch is not available in the embedded kernel'));
}

function streams(pyodide, emit) {
  for (const [name, set] of [['stdout', 'setStdout'], ['stderr', 'setStderr']]) {
    const decoder = new TextDecoder();
    pyodide[set]({
      write(bytes) {
        const text = decoder.decode(bytes, { stream: true });
        if (text) emit({ t: 'event', event: { type: 'output', output: { output_type: 'stream', name, text } } });
        return bytes.length;
      },
    });
  }
  pyodide.setStdin({ error: true });
}

/**
 * sql(query) from Python: ask the host, then block until it has put the answer on the port. An
 * answer to an earlier, interrupted call may come first: it is dropped.
 */
function sqlCall(query) {
  const id = randomUUID();
  sqlPort.postMessage({ id, query });
  for (;;) {
    // Wake up now and then so an interrupt ends the wait instead of the hard kill.
    if (Atomics.wait(sqlSignal, 0, 0, 50) === 'timed-out') {
      if (Atomics.load(interrupt, 0) === 0) continue;
      Atomics.store(interrupt, 0, 0); // console_kernel.py raises the KeyboardInterrupt itself
      return JSON.stringify({ interrupted: true });
    }
    Atomics.store(sqlSignal, 0, 0);
    for (let answer = receiveMessageOnPort(sqlPort); answer; answer = receiveMessageOnPort(sqlPort)) {
      if (answer.message.id === id) return JSON.stringify(answer.message);
    }
  }
}

/** The Python side, as modules in the interpreter's own memory (the user's cells run in a fresh __main__). */
function importKernel(pyodide) {
  pyodide.FS.mkdirTree(KERNEL_DIR);
  for (const name of ['console_display.py', 'console_kernel.py']) {
    pyodide.FS.writeFile(`${KERNEL_DIR}/${name}`, readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'));
  }
  pyodide.runPython(`import sys\nsys.path.insert(0, "${KERNEL_DIR}")\nimport console_kernel\nsys.path.remove("${KERNEL_DIR}")`);
  return pyodide.pyimport('console_kernel');
}

async function start() {
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, 'pyodide.mjs')).href);
  const pyodide = await loadPyodide({ indexURL, env: { HOME, CONSOLE_KERNEL_MEMORY_MB: memoryMb }, stdout: () => {}, stderr: () => {} });
  const post = (message) => parentPort.postMessage(message);
  // Counted per run (reset below); sizes in UTF-16 units, never more than the console's UTF-8 bytes.
  let outputSent = 0;
  const emit = (message) => {
    if (message.t === 'event' && message.event.type === 'output') {
      if (outputSent > OUTPUT_SENT_MAX) return;
      const output = message.event.output;
      outputSent += output.output_type === 'stream' ? output.text.length : JSON.stringify(output).length;
    }
    post(message);
  };
  refuseNetwork(pyodide);
  streams(pyodide, emit);
  pyodide.FS.mkdirTree(HOME);
  pyodide.mountNodeFS(HOME, scratch);
  pyodide.setInterruptBuffer(interrupt);
  pyodide.registerJsModule('_console_host', {
    emit: (json) => emit({ t: 'event', event: JSON.parse(json) }),
    sql: (query) => sqlCall(query),
  });
  const runCell = importKernel(pyodide).run_cell;
  parentPort.on('message', (message) => {
    if (message.t !== 'run') return;
    outputSent = 0;
    let status;
    try {
      status = runCell(message.code, message.count);
    } catch (error) {
      // Raised outside the cell's own try (e.g. an interrupt between two statements of console_kernel.py).
      const evalue = String(error?.message ?? error);
      emit({ t: 'event', event: { type: 'output', output: { output_type: 'error', ename: 'KernelError', evalue, traceback: [evalue] } } });
      status = 'error';
    }
    emit({ t: 'done', id: message.id, status });
  });
  emit({ t: 'ready', pid: process.pid });
}

start().catch((error) => {
  parentPort.postMessage({ t: 'fatal', message: String(error?.stack ?? error) });
  process.exit(1);
});
