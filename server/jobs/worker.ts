import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { OffThreadTask } from './offThread';

/**
 * A lane's thread yields a core to the request thread (issue 36): on a 2-core machine an import,
 * a warehouse copy (DuckDB's threads are started from here and inherit it) and the uploads'
 * writes all want a core at once, and a request then waited hundreds of milliseconds for one.
 * Linux keeps a nice value per thread, so this lowers only this thread; elsewhere it would lower
 * the whole process, so it is left alone.
 */
const LANE_NICENESS = 10;
if (process.platform === 'linux') {
  try {
    setPriority(0, LANE_NICENESS);
  } catch {
    /* not allowed here (a container's policy): the lane runs at the server's priority */
  }
}

/** The worker thread's side of offThread.ts: one message per task, answered with its result or its error's message. */
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

parentPort!.on('message', (message: { id: number; task: OffThreadTask; input: never }) => {
  void (async () => {
    try {
      const run = await TASKS[message.task]();
      parentPort!.postMessage({ id: message.id, result: await run(message.input) });
    } catch (e) {
      parentPort!.postMessage({ id: message.id, error: e instanceof Error && e.message ? e.message : String(e) });
    }
  })();
});
