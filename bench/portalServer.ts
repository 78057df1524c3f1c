/**
 * The reference API serving a built portal, in a process of its own so the bench's browser
 * driver never shares its event loop: `DATA_DIR`, `STATIC_DIR`; prints `listening <url>`.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
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
process.on('SIGTERM', () => {
  server.close();
  created.close();
  process.exit(0);
});
