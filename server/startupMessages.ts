import { credentialsFileIn, type SeedResult } from './auth/users';
import type { ConsoleConfig } from './config';
import type { WarehouseReady } from './warehouse/types';

/** What `npm start` prints once the server listens. */
export function startupMessage(displayUrl: string, dataDir: string, seed: SeedResult): string {
  return [
    `Data Platform Console is running at ${displayUrl}`,
    `Data directory: ${dataDir}`,
    'Sign in as "admin" (administrator) or "editor".',
    ...passwordLines(seed, dataDir),
    'Preparing the demo warehouse for the SQL Editor and the Catalog in the background…',
  ].join('\n');
}

/** Generated passwords are shown once, on the start that created them. */
function passwordLines(seed: SeedResult, dataDir: string): string[] {
  const lines: string[] = [];
  if (seed.generated.length > 0) {
    lines.push(`First start: generated passwords (also saved to ${seed.credentialsFile}, readable only by you):`);
    const width = Math.max(...seed.generated.map((entry) => entry.username.length));
    for (const { username, password } of seed.generated) lines.push(`  ${username.padEnd(width)}  ${password}`);
  }
  for (const username of seed.fromEnvironment) {
    lines.push(`Password for "${username}": from CONSOLE_${username.toUpperCase()}_PASSWORD.`);
  }
  if (seed.generated.length === 0 && seed.fromEnvironment.length < 2) {
    lines.push(`Passwords: see ${credentialsFileIn(dataDir)} from the first start, or set CONSOLE_ADMIN_PASSWORD / CONSOLE_EDITOR_PASSWORD.`);
  }
  return lines;
}

/**
 * Why the server did not start, and where a first start's passwords went: they are generated and
 * saved before the server listens, so a start that fails (a port taken) would otherwise never show them.
 */
export function startFailedMessage(error: unknown, dataDir: string, port: number): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reason = code === 'EADDRINUSE' ? `port ${port} is taken by another program: set PORT to a free one` : error instanceof Error ? error.message : String(error);
  return [
    `Data Platform Console failed to start: ${reason}.`,
    `If this was the first start, the generated passwords are in ${credentialsFileIn(dataDir)}; or set CONSOLE_ADMIN_PASSWORD / CONSOLE_EDITOR_PASSWORD to choose new ones.`,
  ].join('\n');
}

/** Who runs notebooks' Python, as configured (README: Kernels). */
export function kernelsMessage(config: Pick<ConsoleConfig, 'kernels' | 'jupyterUrl' | 'python' | 'kernelSpares'>): string {
  const spares = config.kernelSpares === 0 ? 'none kept ready' : `${config.kernelSpares} kept ready`;
  const embedded = `embedded Python (Pyodide, no pandas; ${spares})`;
  if (config.jupyterUrl) {
    const external = `the Jupyter Server at ${config.jupyterUrl}`;
    return config.kernels === 'jupyter' ? `Notebook kernels: ${external} (and embedded Python).` : `Notebook kernels: ${embedded}, and ${external}.`;
  }
  if (config.kernels === 'jupyter') return `Notebook kernels: a Jupyter Server per user, started on ${config.python ?? 'python3'} when they first run code (and embedded Python).`;
  return `Notebook kernels: ${embedded}. CONSOLE_KERNELS=jupyter runs them on Jupyter Server instead.`;
}

/** The line printed when the warehouse is ready: the first start seeds it, which takes a while. */
export function warehouseReadyMessage({ source, ms }: WarehouseReady): string {
  const seconds = `${(ms / 1000).toFixed(1)} s`;
  const how = { existing: '', cache: ` (copied from the seed cache in ${seconds})`, seeded: ` (seeded in ${seconds})` }[source];
  return `Demo warehouse ready${how}: the SQL Editor and the Catalog can query it.`;
}

/** The line printed when the warehouse cannot be prepared (the rest of the console still works). */
export function warehouseFailedMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `${reason}. The SQL Editor and the Catalog cannot query it until the server restarts; everything else works.`;
}
