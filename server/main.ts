import { loadConfig } from './config';
import { startServer, type RunningServer } from './start';
import type { SeedResult } from './auth/users';

const FORCE_EXIT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const server = await startServer(config);
  console.log(startupMessage(server, config.dataDir));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown(server, signal));
  }
}

function startupMessage(server: RunningServer, dataDir: string): string {
  return [
    `Data Platform Console is running at ${server.displayUrl}`,
    `Data directory: ${dataDir}`,
    'Sign in as "admin" (administrator) or "editor".',
    ...passwordLines(server.seed, dataDir),
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
    lines.push(
      `Passwords: see ${dataDir}/credentials.txt from the first start, or set CONSOLE_ADMIN_PASSWORD / CONSOLE_EDITOR_PASSWORD.`,
    );
  }
  return lines;
}

/** Stops accepting requests, lets in-flight ones finish, then closes DuckDB (onClose). */
async function shutdown(server: RunningServer, signal: string): Promise<void> {
  console.log(`${signal} received, shutting down…`);
  setTimeout(() => {
    console.error('Shutdown took too long; exiting.');
    process.exit(1);
  }, FORCE_EXIT_MS).unref();
  try {
    await server.close();
    process.exitCode = 0;
  } catch (error) {
    console.error('Error during shutdown:', error);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error('Data Platform Console failed to start:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
