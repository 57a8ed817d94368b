import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startInBackground } from './background';
import type { Upstream } from './definition';
import { down, stateDirOf, up, type Where } from './lifecycle';
import { groupAlive, type Started } from './processes';
import { readState } from './state';

/** A real upstream in miniature: one `sleep` process, ready as soon as it runs, no venv. */
function sleeper(name: string, more: Partial<Upstream> = {}): Upstream {
  return {
    name,
    title: `sleeper ${name}`,
    accounts: [],
    ready: async () => true,
    plan: () => ({ env: process.env, files: {}, setup: [], services: [{ role: 'sleep', command: 'sleep', args: ['600'] }] }),
    ...more,
  };
}

describe('upstreams started in the background (npm test)', () => {
  let where: Where;
  const alive = (name: string) => readState(stateDirOf(where, name))?.processes.every(groupAlive) ?? false;

  beforeEach(() => {
    where = { cache: '/nonexistent', stateRoot: mkdtempSync(path.join(tmpdir(), 'console-background-')), basePython: '/usr/bin/python3', say: () => {} };
  });
  afterEach(async () => {
    for (const name of ['base', 'a', 'b', 'c']) await down(name, where);
    rmSync(where.stateRoot, { recursive: true, force: true });
  });

  it('starts each one and what it needs, and stops only those it started; one already running is neither restarted nor stopped', async () => {
    const base = sleeper('base');
    const b = sleeper('b');
    const before = await up(b, where);
    const lines: string[] = [];
    const background = startInBackground([sleeper('a', { needs: [base] }), b], where, (line) => lines.push(line));
    await background.ready;
    expect(alive('a') && alive('base')).toBe(true);
    expect(readState(stateDirOf(where, 'b'))?.processes).toEqual(before.processes);
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(expect.arrayContaining(['sleeper b not started: already running, used as it is.', expect.stringMatching(/^sleeper a ready at http:\/\/127\.0\.0\.1:\d+, \d+ s after the start/)]));
    await background.stop();
    expect([alive('a'), alive('base'), alive('b')]).toEqual([false, false, true]);
  });

  it('skips one that cannot be had here with one line, starting nothing for it', async () => {
    const lines: string[] = [];
    const background = startInBackground([sleeper('c', { needs: [sleeper('base')], whyNot: () => 'no such thing here' })], where, (line) => lines.push(line));
    await background.ready;
    expect(lines).toEqual(['sleeper c not started: no such thing here.']);
    expect([alive('c'), alive('base')]).toEqual([false, false]);
    await background.stop();
  });

  it('stop waits for a start still under way, then stops it', async () => {
    let started: Started[] = [];
    const slow = sleeper('a', {
      ready: async () => {
        started = readState(stateDirOf(where, 'a'))?.processes ?? [];
        return new Promise((resolve) => setTimeout(() => resolve(true), 1000));
      },
    });
    const background = startInBackground([slow], where, () => {});
    await background.stop();
    expect(started).toHaveLength(1);
    expect(started.filter(groupAlive)).toEqual([]);
    expect(readState(stateDirOf(where, 'a'))).toBeNull();
  });
});
