import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunningUpstream, Upstream } from './definition';
import { postgresBin, UPSTREAMS_DIR } from './paths';
import type { Command } from './processes';
import { secretsFor } from './state';

const SUPERUSER = 'postgres';

/**
 * A PostgreSQL 15 cluster of its own (Debian's binaries) in its state folder, on a loopback port and
 * a unix socket in that folder, with password (SCRAM) auth. Other upstreams ask it for named
 * databases (postgresDatabase); their roles' passwords are kept in its secrets.json.
 */
export const postgres: Upstream = {
  name: 'postgres',
  title: 'PostgreSQL 15',
  scheme: 'postgresql',
  accounts: [{ username: SUPERUSER, role: 'superuser' }],
  ready: async (url) => {
    const { hostname, port } = new URL(url);
    try {
      await promisify(execFile)(path.join(postgresBin(), 'pg_isready'), ['-q', '-h', hostname, '-p', port, '-t', '3']);
      return true;
    } catch {
      return false;
    }
  },
  whyNot: () => (existsSync(path.join(postgresBin(), 'postgres')) ? null : `PostgreSQL's server is not in ${postgresBin()} (apt install postgresql)`),
  plan(context) {
    const data = path.join(context.stateDir, 'data');
    const passwordFile = path.join(context.stateDir, 'superuser.password');
    const initdb = asUnprivileged({
      role: 'initdb',
      command: path.join(postgresBin(), 'initdb'),
      args: ['-D', data, '-U', SUPERUSER, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8'],
    });
    const server = asUnprivileged({
      role: 'postgres',
      command: path.join(postgresBin(), 'postgres'),
      // Not on the default 5432, which a system PostgreSQL may hold; no crash risk from lost commits of the last few ms.
      args: ['-D', data, '-c', 'listen_addresses=127.0.0.1', '-c', `port=${context.port}`, '-c', `unix_socket_directories=${context.stateDir}`, '-c', 'synchronous_commit=off'],
      // Fast shutdown: SIGTERM would wait for every client (an Airflow) to disconnect first.
      stopSignal: 'SIGINT',
    });
    return {
      env: process.env,
      files: { [passwordFile]: `${context.secrets.passwords[SUPERUSER]}\n` },
      setup: existsSync(path.join(data, 'PG_VERSION')) ? [] : [initdb],
      services: [server],
    };
  },
};

/**
 * PostgreSQL refuses to run as root. As root, it runs as nobody inside a user namespace of its own
 * (nobody there is root outside, with no capabilities): it reaches the state folder, which lies in
 * root's 0700 home, and the folder needs no change of owner. A `runuser` to a real unprivileged user
 * could not even reach the folder.
 */
function asUnprivileged(command: Command): Command {
  if (process.getuid?.() !== 0) return command;
  return { ...command, command: 'unshare', args: ['--user', '--map-user=65534', '--map-group=65534', '--', command.command, ...command.args] };
}

/** A database of the cluster: its URLs for a client and the setup step that makes it (and its role) if missing. */
export interface PostgresDatabase {
  url: string;
  /** The same for SQLAlchemy with psycopg2 (Airflow's metadata DB). */
  sqlalchemyUrl: string;
  create: Command;
}

export function postgresDatabase(cluster: RunningUpstream | undefined, name: string): PostgresDatabase {
  if (!cluster) throw new Error(`the database ${name} needs the postgres upstream running`);
  const { hostname, port } = new URL(cluster.url);
  const password = secretsFor(cluster.stateDir, [name]).passwords[name];
  const superuser = cluster.accounts.find((account) => account.username === SUPERUSER);
  const at = `${encodeURIComponent(name)}:${encodeURIComponent(password)}@${hostname}:${port}/${encodeURIComponent(name)}`;
  return {
    url: `postgresql://${at}`,
    sqlalchemyUrl: `postgresql+psycopg2://${at}`,
    create: {
      role: `database ${name}`,
      command: path.join(postgresBin(), 'psql'),
      args: ['-X', '-q', '-f', path.join(UPSTREAMS_DIR, 'postgres', 'database.sql')],
      env: { PGHOST: hostname, PGPORT: port, PGUSER: SUPERUSER, PGPASSWORD: superuser?.password, PGDATABASE: 'postgres', CONSOLE_PG_DATABASE: name, CONSOLE_PG_PASSWORD: password },
    },
  };
}
