/**
 * The reference API serving a built portal, in a process of its own so the bench's browser
 * driver never shares its event loop: `DATA_DIR`, `STATIC_DIR`; prints `listening <url>`.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { startJobProcesses } from '../server/jobs/offThread';
import { listLane } from '../server/jobs/listLane';

const dataDir = process.env.DATA_DIR;
const staticDir = process.env.STATIC_DIR;
if (!dataDir || !staticDir) throw new Error('DATA_DIR and STATIC_DIR are required');

const started = Date.now();
const created = createApp({ dataDir, seedScale: 'large', staticDir });
const server = serve({ fetch: created.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening http://127.0.0.1:${info.port} seeded-in ${Date.now() - started}`);
});
created.attachWebSockets(server as Server);
// As server/main.ts: the long-work lanes' processes are forked at start.
startJobProcesses();
// The list lane's workers too: the first search would otherwise wait for one to start.
listLane.start();
// The server thread's stalls (bench/export.ts): on SIGUSR2, the longest event-loop delay since the
// last report, and its p99, in ms. It leaves out the prober's own stalls but not the OS's: time
// the core went to another process counts too, so each stall is also split by the kernel's
// scheduler statistics of this thread (/proc/self/task/<pid>/schedstat: time on a core, time
// waiting in the run queue for one): a stall spent computing is ours, one spent waiting is the OS's.
const loop = monitorEventLoopDelay({ resolution: 2 });
loop.enable();
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
const STALL_MS = 20;
const schedstat = (): [number, number] => {
  const [onCpu, waiting] = readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
  return [onCpu / 1e6, waiting / 1e6];
};
interface Stall {
  ms: number;
  onCpu: number;
  waiting: number;
}
let worst: Stall = { ms: 0, onCpu: 0, waiting: 0 };
/** The most time on a core within one stall: what our own code held the thread for, whatever the machine's load. */
let busiest = 0;
let stalls = 0;
let last = { at: performance.now(), sched: schedstat() };
setInterval(() => {
  const now = { at: performance.now(), sched: schedstat() };
  const ms = now.at - last.at;
  if (ms > STALL_MS) {
    stalls += 1;
    const onCpu = now.sched[0] - last.sched[0];
    if (ms > worst.ms) worst = { ms, onCpu, waiting: now.sched[1] - last.sched[1] };
    busiest = Math.max(busiest, onCpu);
  }
  last = now;
}, 5).unref();
process.on('SIGUSR2', () => {
  console.log(
    `loop-delay ${(loop.max / 1e6).toFixed(2)} ${(loop.percentile(99) / 1e6).toFixed(2)} stalls ${stalls} worst ${worst.ms.toFixed(1)} on-cpu ${worst.onCpu.toFixed(1)} waiting ${worst.waiting.toFixed(1)} busiest ${busiest.toFixed(1)}`,
  );
  loop.reset();
  worst = { ms: 0, onCpu: 0, waiting: 0 };
  busiest = 0;
  stalls = 0;
});
process.on('SIGTERM', () => {
  server.close();
  created.close();
  process.exit(0);
});
