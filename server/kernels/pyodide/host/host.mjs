/**
 * A kernel process: runs under Node's permission model (see ../process.ts), starts the Pyodide
 * worker thread and relays between it and the console over the fork channel. This thread stays
 * free while a cell runs, so it can set the interrupt buffer and answer the worker's sql() calls.
 */
import process from 'node:process';
import { URL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';

// bwrap sets PWD to the working folder; the environment is otherwise empty, and stays so.
delete process.env.PWD;
// memoryMb: the sandbox's cap, said in a MemoryError; '' without the sandbox.
const [indexURL, scratch, memoryMb = '', outputMaxBytes = ''] = process.argv.slice(2);
const interrupt = new Int32Array(new SharedArrayBuffer(4));
const sqlSignal = new Int32Array(new SharedArrayBuffer(4));
const { port1: sqlPort, port2: workerSqlPort } = new MessageChannel();

const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
  workerData: { indexURL, scratch, memoryMb, outputMaxBytes, interrupt, sqlSignal, sqlPort: workerSqlPort },
  transferList: [workerSqlPort],
});

const send = (message) => process.send?.(message);

worker.on('message', (message) => send(message));
worker.on('error', (error) => {
  send({ t: 'fatal', message: String(error?.stack ?? error) });
  process.exit(1);
});
worker.on('exit', (code) => process.exit(code || 1));

// The worker blocks in Atomics.wait until the answer is on the port and the signal is set.
sqlPort.on('message', (message) => send({ t: 'sql', id: message.id, query: message.query }));

process.on('message', (message) => {
  if (message.t === 'interrupt') Atomics.store(interrupt, 0, 2);
  else if (message.t === 'run') {
    // Cleared here, not in the worker, so an interrupt sent right after the run is never lost.
    Atomics.store(interrupt, 0, 0);
    worker.postMessage(message);
  }
  else if (message.t === 'sql-result') {
    sqlPort.postMessage(message);
    Atomics.store(sqlSignal, 0, 1);
    Atomics.notify(sqlSignal, 0);
  } else worker.postMessage(message);
});
process.on('disconnect', () => process.exit(0));
