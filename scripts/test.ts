// `npm test`: the steps of the README's test run, with the real upstreams (Airflow 3 on PostgreSQL,
// Airflow 2, Superset) started in the background at the beginning, so they come up while typecheck, lint and
// the unit tests run; the upstream suites then attach to them. At the end, even when a step fails
// or the run is interrupted, exactly the upstreams this run started are stopped. `npm test -- <steps…>`
// runs only those steps (e.g. `npm test -- test:upstreams`), with the upstreams all the same.
import { spawn } from 'node:child_process';
import { airflow2 } from '../upstreams/airflow2';
import { airflow3 } from '../upstreams/airflow3';
import { startInBackground } from '../upstreams/background';
import { basePython, cacheRoot, defaultStateRoot } from '../upstreams/paths';
import { superset } from '../upstreams/superset';

const STEPS = ['typecheck', 'lint', 'test:unit', 'test:upstreams', 'build', 'test:e2e'];
/** The steps that use the upstreams: each waits for them to be up (or given up on). */
const NEEDS_UPSTREAMS = new Set(['test:upstreams', 'test:e2e']);

async function main(): Promise<number> {
  const interrupted = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => interrupted.abort());
  const where = { cache: cacheRoot(), stateRoot: defaultStateRoot(), basePython: basePython(), say: () => {} };
  const upstreams = startInBackground([airflow3, airflow2, superset], where, (line) => console.log(`[upstreams] ${line}`));
  const steps = process.argv.length > 2 ? process.argv.slice(2) : STEPS;
  try {
    for (const step of steps) {
      if (NEEDS_UPSTREAMS.has(step)) await upstreams.ready;
      const code = await npmRun(step, interrupted.signal);
      if (code !== 0) return code;
    }
    return 0;
  } finally {
    await upstreams.stop();
  }
}

/** `npm run <step>`, its output ours; its exit code (130 when interrupted). */
function npmRun(step: string, signal: AbortSignal): Promise<number> {
  if (signal.aborted) return Promise.resolve(130);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', step], { stdio: 'inherit', signal, killSignal: 'SIGTERM' });
    child.once('error', () => resolve(signal.aborted ? 130 : 1));
    child.once('close', (code) => resolve(signal.aborted ? 130 : (code ?? 1)));
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
