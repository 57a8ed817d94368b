import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The console server (npm run serve) answers the APIs; in `npm run dev` Vite proxies to it.
const consoleServer = process.env.CONSOLE_SERVER_URL ?? 'http://127.0.0.1:8080';

/**
 * The installable PWA: src/sw.ts is built as dist/sw.js with the precache manifest injected
 * (injectManifest); the page registers it itself with workbox-window (src/ui/hooks/useServiceWorker.ts).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: {
    id: '/admin',
    name: 'Data Platform Console',
    short_name: 'Console',
    description: 'Notebooks, workflows, SQL and the data catalog for data and analytics staff, online or offline.',
    theme_color: '#0f172a',
    background_color: '#f6f7fb',
    display: 'standalone',
    start_url: '/admin',
    scope: '/',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The glob below already takes the icons; the plugin adds the manifest itself (no duplicates).
  includeManifestIcons: false,
  injectManifest: {
    // The app shell, lazy route chunks included, so every page opens offline after one visit; and
    // Monaco's icon font, which it ships as .ttf only (KaTeX's .woff/.ttf are fallbacks of its .woff2).
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}', 'assets/codicon-*.ttf'],
    globIgnores: ['manifest.webmanifest'],
    // Above today's largest chunk (Monaco, the SQL editor: 3.3 MB, 0.85 MB gzipped; precached so
    // SQL drafts can be edited offline). A bigger file fails the build, so a runaway chunk is noticed.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    // A classic script: registered without { type: 'module' }, which older browsers lack for workers.
    rollupFormat: 'iife',
  },
});

/**
 * Rolldown's [PLUGIN_TIMINGS] notes are off: the plugins are Vite's, React's and the PWA's own, so
 * the notes say how busy the machine was, not what to change. Workers are bundled by builds of their own.
 */
const quietChecks = { checks: { bundlerTimings: false } };

export default defineConfig({
  plugins: [react(), pwa],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Monaco's chunk is ~3.3 MB by itself; loaded only on the SQL pages.
    chunkSizeWarningLimit: 3500,
    rolldownOptions: quietChecks,
  },
  worker: { rolldownOptions: quietChecks },
  server: {
    port: 5173,
    proxy: {
      '/api': consoleServer,
      '/config.json': consoleServer,
      '/healthz': consoleServer,
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'upstreams/**/*.test.ts', 'bench/**/*.test.ts', 'contracts/**/*.test.ts'],
    // Say once per run when the public contracts (../shared/contracts) are absent and their checks skip,
    // and when the Jupyter provider's tests skip (no Jupyter Server in /usr/bin/python3).
    globalSetup: ['server/testing/sharedContracts.setup.ts', 'server/kernels/jupyter/testing/jupyter.setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
