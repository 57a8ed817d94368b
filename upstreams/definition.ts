import type { Command } from './processes';
import type { Account, Secrets, UpstreamState } from './state';
import type { Venv } from './venv';

/** A running upstream as a plan or a test sees it: where it is and the passwords of its accounts. */
export interface RunningUpstream extends UpstreamState {
  stateDir: string;
  accounts: Array<Account & { console?: 'admin' | 'editor' }>;
  timings: { venvMs: number; venvBuilt: boolean; startMs: number };
}

/** What an upstream needs to be started: computed from where it lives and the port it got. */
export interface PlanContext {
  /** Its venv (built from `lockFile`); null for an upstream run from the system's binaries. */
  venv: Venv | null;
  /** The upstream's state folder (outside the clone). */
  stateDir: string;
  port: number;
  /** The further free loopback ports it asked for (`extraPorts`), all distinct. */
  extraPorts: number[];
  url: string;
  secrets: Secrets;
  dagsFolder: string;
  /** The upstreams it `needs`, running, by name. */
  needs: Record<string, RunningUpstream>;
}

export interface Plan {
  /** The environment of every command below. */
  env: NodeJS.ProcessEnv;
  /** Files written before anything runs (path → text, 0600). */
  files: Record<string, string>;
  /** Run in order, each to completion (migrations, accounts); the commands of an inner list run side by side. */
  setup: Array<Command | Command[]>;
  /** Started detached, each in its own process group, stopped by `down`. */
  services: Command[];
}

/** Any upstream `npm run upstreams -- up <name>` can start. */
export interface Upstream {
  name: string;
  title: string;
  /** Its URL's scheme (http when absent): the URL is <scheme>://127.0.0.1:<port>. */
  scheme?: string;
  /** The API the console speaks to it, for an Airflow. */
  api?: 'v1' | 'v2';
  /** The lock file its venv is built from; none for an upstream run from the system's binaries. */
  lockFile?: string;
  /** How many loopback ports it needs beside its URL's (a Hub's own API, its proxy's API). */
  extraPorts?: number;
  /** Upstreams `up` brings up first (or reuses), each in its own state folder beside this one. */
  needs?: readonly Upstream[];
  /** The accounts it is given; `console` says which console role uses which (CONSOLE_AIRFLOW_ACCOUNTS). */
  accounts: ReadonlyArray<Omit<Account, 'password'> & { console?: 'admin' | 'editor' }>;
  /** Whether the upstream at `url` answers with every component the plan starts up. */
  ready(url: string): Promise<boolean>;
  /** Why it cannot be started on this machine (a missing system package), or null. */
  whyNot?(): string | null;
  plan(context: PlanContext): Plan;
}

/** An Airflow: an HTTP API the console talks to, from a venv built from its lock file. */
export interface UpstreamDefinition extends Upstream {
  api: 'v1' | 'v2';
  lockFile: string;
}
