import { loadConfig } from './config';
import { startServer, type RunningServer } from './start';
import { kernelsMessage, startFailedMessage, startupMessage, warehouseFailedMessage, warehouseReadyMessage } from './startupMessages';

const FORCE_EXIT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const server = await startServer(config).catch((error: unknown) => {
    throw new StartFailed(startFailedMessage(error, config.dataDir, config.port));
  });
  console.log(startupMessage(server.displayUrl, config.dataDir, server.seed));
  console.log(kernelsMessage(config));
  let stopping = false;
  server.warehouseReady.then(
    (ready) => console.log(warehouseReadyMessage(ready)),
    // A seed cut short by Ctrl+C is no failure worth a line.
    (error: unknown) => stopping || console.error(warehouseFailedMessage(error)),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      void shutdown(server, signal);
    });
  }
}

/** Stops accepting requests, lets in-flight ones finish, then closes the stores (onClose). */
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

/** A start that failed after the configuration was read: its message says it all. */
class StartFailed extends Error {}

main().catch((error: unknown) => {
  if (error instanceof StartFailed) console.error(error.message);
  else console.error('Data Platform Console failed to start:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
