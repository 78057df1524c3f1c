/**
 * The reference API serving a built portal, in a process of its own so the bench's browser
 * driver never shares its event loop: `DATA_DIR`, `STATIC_DIR`; prints `listening <url>`.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../server/app';

const dataDir = process.env.DATA_DIR;
const staticDir = process.env.STATIC_DIR;
if (!dataDir || !staticDir) throw new Error('DATA_DIR and STATIC_DIR are required');

const started = Date.now();
const created = createApp({ dataDir, seedScale: 'large', staticDir });
const server = serve({ fetch: created.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening http://127.0.0.1:${info.port} seeded-in ${Date.now() - started}`);
});
created.attachWebSockets(server as Server);
// The server thread's stalls (bench/export.ts): on SIGUSR2, the longest event-loop delay since the
// last report, and its p99, in ms. It leaves out the prober's own stalls but not the OS's: time
// the core went to another process counts too.
const loop = monitorEventLoopDelay({ resolution: 2 });
loop.enable();
process.on('SIGUSR2', () => {
  console.log(`loop-delay ${(loop.max / 1e6).toFixed(2)} ${(loop.percentile(99) / 1e6).toFixed(2)}`);
  loop.reset();
});
process.on('SIGTERM', () => {
  server.close();
  created.close();
  process.exit(0);
});
