import type { Upstream } from './definition';
import { down, stateDirOf, up, whyNotHere, type Where } from './lifecycle';
import { groupAlive } from './processes';
import { readState } from './state';

/** Upstreams being brought up behind other work: `ready` when each is up (or given up on), `stop` stops what this started. */
export interface Background {
  ready: Promise<void>;
  /** Waits for the starts, then stops exactly the upstreams that were not running before `startInBackground`. */
  stop(): Promise<void>;
}

/**
 * Starts `definitions` (and what they need) in `where`'s state root without waiting: one already
 * running is left as it is, one that cannot be had here (no venv, no system package) is skipped.
 * `say` gets one line per upstream, when it is ready, skipped or failed; the logs stay in its state folder.
 */
export function startInBackground(definitions: readonly Upstream[], where: Where, say: (line: string) => void): Background {
  const all = startOrder(definitions);
  const before = new Set(all.filter((definition) => isRunning(definition, where)).map(({ name }) => name));
  const quiet: Where = { ...where, say: () => {} };
  const began = Date.now();
  const startOne = async (definition: Upstream) => {
    try {
      const running = await up(definition, quiet);
      say(`${definition.title} ready at ${running.url}, ${((Date.now() - began) / 1000).toFixed(0)} s after the start (logs in ${stateDirOf(where, definition.name)}/logs).`);
    } catch (error) {
      say(`${definition.title} did not start: ${(error as Error).message.split('\n')[0]}`);
    }
  };
  const ready = (async () => {
    const startable = await sift(definitions, before, where, say);
    // What they need first, one at a time: two of them must not both start a shared PostgreSQL.
    for (const need of startOrder(startable).filter((definition) => !startable.includes(definition))) {
      if (!before.has(need.name)) await up(need, quiet).catch(() => {});
    }
    await Promise.all(startable.map(startOne));
  })();
  return {
    ready,
    async stop() {
      await ready;
      for (const definition of [...all].reverse()) if (!before.has(definition.name)) await down(definition.name, quiet);
    },
  };
}

/** Those to start: not running already, and startable here (each other one gets its line). */
async function sift(definitions: readonly Upstream[], before: ReadonlySet<string>, where: Where, say: (line: string) => void): Promise<Upstream[]> {
  const reasons = await Promise.all(definitions.map((definition) => (before.has(definition.name) ? 'already running, used as it is' : whyNotHere(definition, where))));
  definitions.forEach((definition, index) => {
    if (reasons[index]) say(`${definition.title} not started: ${reasons[index]}.`);
  });
  return definitions.filter((_, index) => reasons[index] === null);
}

/** The definitions and all they need, each once and after what it needs: the order to start them in (stop: reversed). */
function startOrder(definitions: readonly Upstream[]): Upstream[] {
  const order: Upstream[] = [];
  const visit = (definition: Upstream) => {
    if (order.includes(definition)) return;
    (definition.needs ?? []).forEach(visit);
    order.push(definition);
  };
  definitions.forEach(visit);
  return order;
}

function isRunning(definition: Upstream, where: Where): boolean {
  const state = readState(stateDirOf(where, definition.name));
  return state !== null && state.processes.every(groupAlive);
}
