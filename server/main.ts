import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { createApp } from './app';
import { SEED_IDENTITY_USERS } from './identity/users';
import { startJobProcesses } from './jobs/offThread';
import { listLane } from './jobs/listLane';

const port = Number(process.env.PORT || 3000);
const dataDir = resolve(process.env.DATA_DIR || './data');
const seedScale = process.env.SEED_SCALE === 'large' ? 'large' : 'small';
const staticDir = resolve('dist');

const started = Date.now();
const { app, close, attachWebSockets } = createApp({ dataDir, seedScale, staticDir });
if (!existsSync(staticDir)) console.warn(`dist/ not found (${staticDir}): the SPA is not served. Run \`npm run build\`.`);

const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`CS portal reference API ready in ${Date.now() - started} ms: http://localhost:${info.port}/`);
  console.log(`  data: ${dataDir} (seed scale: ${seedScale})`);
  console.log('  demo accounts:');
  for (const u of SEED_IDENTITY_USERS.slice(0, 2)) console.log(`    ${u.email} / ${u.password} (role ${u.role})`);
});
attachWebSockets(server as Server);
// The long-work lanes' processes are forked now, while nobody waits (offThread.ts).
startJobProcesses();
// The list lane's workers too: the first search would otherwise wait for one to start.
listLane.start();

const shutdown = () => {
  server.close();
  close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
