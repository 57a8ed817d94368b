// `npm run dev`: the console server (restarting on change) plus Vite's dev server in front of it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, CONSOLE_SERVER_URL: `http://127.0.0.1:${port}` },
  }),
];

const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stopAll(); process.exitCode = code ?? 0; });
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
