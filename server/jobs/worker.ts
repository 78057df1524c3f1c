import { parentPort } from 'node:worker_threads';
import type { OffThreadTask } from './offThread';

/** The worker thread's side of offThread.ts: one message per task, answered with its result or its error's message. */
const TASKS: Record<OffThreadTask, () => Promise<(input: never) => unknown>> = {
  masterImport: async () => (await import('../services/core/masterFiles/importTask')).runMasterImport,
  masterCheck: async () => (await import('../services/core/masterFiles/importTask')).runMasterCheck,
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
