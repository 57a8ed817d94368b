import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The console server (npm run serve) answers the APIs; in `npm run dev` Vite proxies to it.
const consoleServer = process.env.CONSOLE_SERVER_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': consoleServer,
      '/config.json': consoleServer,
      '/healthz': consoleServer,
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
