import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlanContext, Upstream } from './definition';
import { healthOf } from './health';
import { UPSTREAMS_DIR } from './paths';
import type { Command } from './processes';
import type { Secrets } from './state';

const HERE = path.join(UPSTREAMS_DIR, 'jupyterhub');
const CHP_VERSION = '5.3.0';

/**
 * JupyterHub 6.1.1 with our jupyterhub_config.py: SimpleLocalProcessSpawner slowed by a few seconds
 * with progress messages (so the console's pending path runs), the NullAuthenticator (no one signs
 * in to the Hub: the console's service `console` creates users and mints their tokens through the
 * API; scopes admin:users, servers, tokens), named servers on, and jupyterhub-idle-culler as a Hub
 * service. configurable-http-proxy 5.3.0 (npm, installed once into the cache beside the venvs, not a
 * project dependency) runs as a service of ours, beside the Hub: the URL is the proxy's public port;
 * the Hub's own port and the proxy's API port are the two extra ports.
 */
export const jupyterhub: Upstream = {
  name: 'jupyterhub',
  title: 'JupyterHub 6.1.1',
  lockFile: path.join(UPSTREAMS_DIR, 'locks', 'jupyterhub.txt'),
  extraPorts: 2,
  accounts: [],
  ready: async (url) => {
    const info = (await healthOf(`${url}/hub/api/`)) as { version?: string } | null;
    return info?.version === '6.1.1';
  },
  whyNot: () => (spawnSync('npm', ['--version'], { stdio: 'ignore' }).status === 0 ? null : 'npm is missing (configurable-http-proxy comes from npm)'),
  plan(context) {
    const venv = context.venv;
    if (!venv) throw new Error('JupyterHub runs from its venv');
    const [hubPort, proxyApiPort] = context.extraPorts;
    const chp = chpOf(context);
    const configFile = path.join(context.stateDir, 'jupyterhub_config.py');
    const proxyToken = derived(context.secrets, 'proxy');
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(JUPYTER|JPY_|PYTHON|VIRTUAL_ENV|CONFIGPROXY)/.test(key))),
      PATH: `${venv.bin}${path.delimiter}${process.env.PATH ?? ''}`,
      CONSOLE_JUPYTERHUB_STATE: context.stateDir,
      CONSOLE_JUPYTERHUB_PORT: String(context.port),
      CONSOLE_JUPYTERHUB_HUB_PORT: String(hubPort),
      CONSOLE_JUPYTERHUB_PROXY_API_PORT: String(proxyApiPort),
      CONSOLE_JUPYTERHUB_PROXY_TOKEN: proxyToken,
      CONSOLE_JUPYTERHUB_SERVICE_TOKEN: hubServiceToken(context.secrets),
    };
    const hubUrl = `http://127.0.0.1:${hubPort}`;
    return {
      env,
      files: { [configFile]: readFileSync(path.join(HERE, 'jupyterhub_config.py'), 'utf8') },
      setup: existsSync(chp.bin) ? [] : [chp.install],
      services: [
        {
          role: 'configurable-http-proxy',
          command: chp.bin,
          args: ['--ip', '127.0.0.1', '--port', String(context.port), '--api-ip', '127.0.0.1', '--api-port', String(proxyApiPort), '--default-target', hubUrl, '--error-target', `${hubUrl}/hub/error`, '--log-level', 'warn'],
          env: { CONFIGPROXY_AUTH_TOKEN: proxyToken },
        },
        { role: 'jupyterhub', command: path.join(venv.bin, 'jupyterhub'), args: ['-f', configFile] },
      ],
    };
  },
};

/**
 * The token of the Hub service `console` (CONSOLE_JUPYTERHUB_TOKEN): derived from the state folder's
 * secret key, so it lasts as long as the folder's secrets.
 */
export function hubServiceToken(secrets: Secrets): string {
  return derived(secrets, 'service-console');
}

function derived(secrets: Secrets, what: string): string {
  return createHmac('sha256', secrets.secretKey).update(`console-jupyterhub-${what}`).digest('hex');
}

/** configurable-http-proxy from npm, in <cache>/venvs/configurable-http-proxy-<version> (keyed by its version, as a venv by its lock). */
function chpOf(context: PlanContext): { bin: string; install: Command } {
  const dir = path.join(path.dirname(context.venv?.dir ?? context.stateDir), `configurable-http-proxy-${CHP_VERSION}`);
  return {
    bin: path.join(dir, 'node_modules', '.bin', 'configurable-http-proxy'),
    install: { role: `npm install configurable-http-proxy@${CHP_VERSION}`, command: 'npm', args: ['install', '--prefix', dir, '--no-audit', '--no-fund', `configurable-http-proxy@${CHP_VERSION}`] },
  };
}
