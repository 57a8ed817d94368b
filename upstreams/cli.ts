import { readdirSync } from 'node:fs';
import type { RunningUpstream } from './definition';
import { down, up, type Where } from './lifecycle';
import { groupAlive } from './processes';
import { basePython, cacheRoot, defaultStateRoot } from './paths';
import { UPSTREAMS } from './registry';
import { readState, secretsFor } from './state';
import { hubServiceToken } from './jupyterhub';
import { consoleSecret } from './superset';

const USAGE = `Usage: npm run upstreams -- up <${Object.keys(UPSTREAMS).join('|')}> | down [name] | status
  Venvs are cached in $CONSOLE_UPSTREAMS_CACHE (default ~/.cache/console-upstreams), state in <cache>/state/<name>.`;

/** `npm run upstreams -- up airflow3 | down [name] | status`: real upstreams for trying and testing the console. */
async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  const where: Where = { cache: cacheRoot(), stateRoot: defaultStateRoot(), basePython: basePython(), say: (line) => console.log(line) };
  if (command === 'up' && name !== undefined && UPSTREAMS[name]) {
    console.log(describe(await up(UPSTREAMS[name], where)));
    return 0;
  }
  if (command === 'down' && (name === undefined || UPSTREAMS[name])) {
    const names = name === undefined ? Object.keys(UPSTREAMS) : [name];
    const stopped = [];
    for (const each of names) if (await down(each, where)) stopped.push(each);
    if (stopped.length === 0) console.log(`Nothing to stop: no ${name ?? 'upstream'} was started from ${where.stateRoot}.`);
    return 0;
  }
  if (command === 'status' && name === undefined) {
    await printStatus(where.stateRoot);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

/** The URL, the accounts, and the environment the console needs to use this upstream. */
function describe(running: RunningUpstream): string {
  const role = (wanted: 'admin' | 'editor') => running.accounts.find((account) => account.console === wanted);
  const accounts = Object.fromEntries((['admin', 'editor'] as const).flatMap((wanted) => {
    const account = role(wanted);
    return account ? [[wanted, { username: account.username, password: account.password }]] : [];
  }));
  const { timings } = running;
  return [
    `${running.name} is up at ${running.url} (state in ${running.stateDir})`,
    timings.startMs > 0 ? `  ${running.venv ? `venv ${timings.venvBuilt ? 'built' : 'reused'} in ${(timings.venvMs / 1000).toFixed(1)} s, ` : ''}ready ${(timings.startMs / 1000).toFixed(1)} s after start` : '',
    '  Accounts:',
    ...running.accounts.map((account) => `    ${account.username} / ${account.password}  (${account.role})`),
    ...(running.api ? ['  Try the console against it:', `    CONSOLE_AIRFLOW_URL=${running.url} CONSOLE_AIRFLOW_API=${running.api} CONSOLE_AIRFLOW_ACCOUNTS='${JSON.stringify(accounts)}' npm start`] : []),
    ...(running.name === 'superset' ? ['  Try the console against it (each console user is their own Superset user):', `    CONSOLE_SUPERSET_URL=${running.url} CONSOLE_SUPERSET_SECRET=${consoleSecret(secretsFor(running.stateDir, []))} npm start`] : []),
    ...(running.name === 'jupyterhub' ? ['  Try the console against it (each console user gets their own Hub user and server):', `    CONSOLE_JUPYTERHUB_URL=${running.url} CONSOLE_JUPYTERHUB_TOKEN=${hubServiceToken(secretsFor(running.stateDir, []))} npm start`] : []),
    `  Stop it: npm run upstreams -- down ${running.name}`,
  ].filter((line) => line !== '').join('\n');
}

async function printStatus(stateRoot: string): Promise<void> {
  const names = readdirSafe(stateRoot);
  let any = false;
  for (const name of names) {
    const state = readState(`${stateRoot}/${name}`);
    if (!state) continue;
    any = true;
    const definition = UPSTREAMS[state.name];
    const verdict = (await definition?.ready(state.url)) ? 'ready' : 'not answering, starting or degraded';
    console.log(`${state.name}: ${state.url} ${verdict}, since ${state.startedAt}`);
    for (const process of state.processes) console.log(`  ${process.role} pid ${process.pid}: ${groupAlive(process) ? 'running' : 'gone'}`);
  }
  if (!any) console.log(`No upstream was started from ${stateRoot}.`);
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
