import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { JobAnswer, OffThreadTask } from './offThread';

/**
 * A lane's job process (offThread.ts): one message per task, answered with its result or its
 * error's message. It yields the cores to the server (issue 36): on a 2-core machine an import,
 * a warehouse copy and the uploads' writes all want a core at once, and a request then waited
 * for one. Linux keeps a nice value per thread, and the server lowered only this process's main
 * thread: the threads Node started before it (V8's garbage collector and compiler helpers) are
 * lowered here, and every thread started later (libuv's pool, DuckDB's) inherits the value.
 */
const niceness = Number(process.env.JOB_LANE_NICENESS ?? 0);
if (niceness > 0) {
  try {
    if (process.platform === 'linux') for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), niceness);
    else setPriority(niceness);
  } catch {
    /* not allowed here (a container's policy): the job runs at the server's priority */
  }
}

const TASKS: Record<OffThreadTask, () => Promise<(input: never) => unknown>> = {
  masterImport: async () => (await import('../services/core/masterFiles/importTask')).runMasterImport,
  masterCheck: async () => (await import('../services/core/masterFiles/importTask')).runMasterCheck,
  walCheckpoint: async () => (await import('../db/walCheckpoint')).runWalCheckpoint,
  versionsSweep: async () => (await import('../shared/versionRetention')).runVersionsSweep,
  warehouseTables: async () => (await import('../warehouse/warehouseTask')).runWarehouseTables,
  warehouseCopy: async () => (await import('../warehouse/warehouseTask')).runWarehouseCopy,
  warehouseQuery: async () => (await import('../warehouse/warehouseTask')).runWarehouseQuery,
  warehouseClose: async () => (await import('../warehouse/warehouseTask')).runWarehouseClose,
};

const answer = (message: JobAnswer) => process.send?.(message);

process.on('message', (message: { id: number; task: OffThreadTask; input: never }) => {
  void (async () => {
    try {
      const run = await TASKS[message.task]();
      answer({ id: message.id, result: await run(message.input) });
    } catch (e) {
      answer({ id: message.id, error: e instanceof Error && e.message ? e.message : String(e) });
    }
  })();
});

// The server is gone (it exited, or was killed with -9): its channel closed, so no task of this
// process can be answered any more. Ending here leaves no job process behind.
process.on('disconnect', () => process.exit(0));
