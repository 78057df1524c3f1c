/**
 * `npm run dev`: the reference API on API_PORT (default 3001) and Vite with hot reload on PORT
 * (default 3000), which proxies every API path to it (vite.config.ts). Both stop together.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const port = process.env.PORT ?? '3000';

const run = (args: string[], env: NodeJS.ProcessEnv): ChildProcess =>
  spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });

const api = run(['--import', 'tsx', 'server/main.ts'], { PORT: apiPort });
const vite = run(['node_modules/vite/bin/vite.js', '--port', port, '--strictPort'], { API_PORT: apiPort });

const stop = () => {
  api.kill();
  vite.kill();
};
for (const child of [api, vite]) child.on('exit', stop);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
