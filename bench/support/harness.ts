import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { build } from 'vite';

const benchDir = resolve(import.meta.dirname, '..');
const root = join(benchDir, 'browser');
const outDir = join(benchDir, 'artifacts/harness');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

let built: Promise<void> | null = null;

/**
 * Builds bench/browser/harness.html (which imports our real src/db code), grid.html (the real
 * results grid), catalog.html (the real catalog tree) and workflow.html (the DAG grid and log viewer) with Vite into bench/artifacts/harness.
 * Once per run; the app's vite.config.ts is not used, the harness needs none of it (Vite's own
 * transform handles the pages' TSX and CSS).
 */
export function buildHarness(): Promise<void> {
  built ??= build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      minify: true,
      rolldownOptions: {
        input: [join(root, 'harness.html'), join(root, 'grid.html'), join(root, 'catalog.html'), join(root, 'workflow.html')],
        // sonner and lucide-react mark themselves 'use client' for server components; meaningless here.
        onwarn: (warning, warn) => void (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warn(warning)),
      },
    },
  }).then(() => undefined);
  return built;
}

export interface HarnessServer {
  /** e.g. http://127.0.0.1:41234/harness.html */
  url: string;
  close(): Promise<void>;
}

/** Serves the built harness from 127.0.0.1 on a free port; only files inside the output folder. */
export async function serveHarness(): Promise<HarnessServer> {
  await buildHarness();
  const server: Server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    const file = join(outDir, path || 'harness.html');
    if (!file.startsWith(outDir)) return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/harness.html`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections(); // Chromium keeps connections alive
      }),
  };
}
