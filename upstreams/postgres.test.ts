import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningUpstream } from './definition';
import { down, up, type Where } from './lifecycle';
import { basePython, cacheRoot, postgresBin } from './paths';
import { postgres, postgresDatabase } from './postgres';
import { groupAlive } from './processes';
import type { Command } from './processes';

const why = postgres.whyNot?.() ?? null;
if (why) console.warn(`PostgreSQL tests skipped: ${why}.`);

/** Runs a setup command as `up` would (its own environment on top of ours). */
const run = (command: Command) => execFileSync(command.command, command.args, { env: { ...process.env, ...command.env }, stdio: 'pipe' });
/** One query through psql as the database's client: its unaligned answer. */
const query = (url: string, sql: string) => execFileSync(path.join(postgresBin(), 'psql'), ['-X', '-tA', '-d', url, '-c', sql], { stdio: 'pipe' }).toString().trim();

describe.skipIf(why !== null)('the postgres upstream', () => {
  let where: Where;
  let running: RunningUpstream;

  beforeAll(async () => {
    where = { cache: cacheRoot(), stateRoot: mkdtempSync(path.join(tmpdir(), 'console-postgres-')), basePython: basePython(), say: () => {} };
    running = await up(postgres, where);
  }, 120_000);

  afterAll(async () => {
    await down(postgres.name, where);
    rmSync(where.stateRoot, { recursive: true, force: true });
  }, 60_000);

  it('runs its own cluster in its state folder on a loopback port, as a user other than root', async () => {
    expect(running.url).toMatch(/^postgresql:\/\/127\.0\.0\.1:\d+$/);
    expect(await postgres.ready(running.url)).toBe(true);
    expect(readFileSync(path.join(running.stateDir, 'data', 'PG_VERSION'), 'utf8').trim()).toBe('15');
    // PostgreSQL refuses root: started by root, it is someone else in a user namespace of its own.
    const pid = running.processes[0].pid;
    const uid = process.getuid?.() === 0 ? readFileSync(`/proc/${pid}/uid_map`, 'utf8').trim().split(/\s+/)[0] : String(process.getuid?.());
    expect(uid).not.toBe('0');
  });

  it('makes a named database owned by a role of the same name, again without harm, and refuses a wrong password', () => {
    const database = postgresDatabase(running, 'console_store');
    run(database.create);
    run(database.create);
    expect(query(database.url, 'select current_user, current_database()')).toBe('console_store|console_store');
    query(database.url, 'create table kept (id int)');
    expect(query(database.url, 'select count(*) from kept')).toBe('0');
    const wrong = database.url.replace(/:[^:@]+@/, ':wrong@');
    expect(() => query(wrong, 'select 1')).toThrow(/password authentication failed/);
  });

  it('down stops exactly its processes; the next up keeps the databases', async () => {
    const processes = running.processes;
    expect(await down(postgres.name, where)).toBe(true);
    expect(processes.filter(groupAlive)).toEqual([]);
    expect(await postgres.ready(running.url)).toBe(false);
    running = await up(postgres, where);
    expect(query(postgresDatabase(running, 'console_store').url, 'select count(*) from kept')).toBe('0');
  }, 90_000);
});
