// `npm run test:upstreams`: the lanes of upstreams/vitest.config.ts side by side, each its own
// vitest run one file at a time (vitest runs every project with one file at a time in a single
// queue). Extra arguments go to both (e.g. a file filter). Exits with the first failing lane's code.
import { spawn } from 'node:child_process';

const LANES = ['airflow', 'others'];

function lane(name: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--config', 'upstreams/vitest.config.ts', '--project', name, '--passWithNoTests', ...process.argv.slice(2)], { stdio: 'inherit' });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all(LANES.map(lane));
process.exit(codes.find((code) => code !== 0) ?? 0);
