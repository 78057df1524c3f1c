import type { FifoRackEntry, StockLog } from '../../dataProvider/methods/stocks';
import { runningLogQuantities, runningRackQuantities, roundQuantity } from './runningQuantity';
import { stockActionLabel, STOCKTAKING_TYPE } from './stockActions';

export type TimelineRow =
  | { source: 'v2'; key: string; at: Date; label: string; quantity: number; running: number; log: StockLog }
  | { source: 'v1'; key: string; at: Date; label: string; quantity: number; running: number; rack: FifoRackEntry };

/**
 * One timeline of both generations' histories in time order (v2 before v1 at the same instant),
 * each row carrying the running quantity of its own generation: v2 sums its changes, v1 resets
 * on stocktaking (section 4).
 */
export function mergeTimeline(logs: readonly StockLog[], racks: readonly FifoRackEntry[]): TimelineRow[] {
  const byTime = <T>(items: readonly T[], at: (item: T) => Date) => [...items].sort((a, b) => at(a).getTime() - at(b).getTime());
  const sortedLogs = byTime(logs, (log) => log.loggedAt);
  const sortedRacks = byTime(racks, (rack) => rack.executedAt);
  const v2Running = runningLogQuantities(sortedLogs);
  const v1Running = runningRackQuantities(sortedRacks);
  const rows: TimelineRow[] = [
    ...sortedLogs.map((log, index) => ({
      source: 'v2' as const, key: `v2-${log.id}`, at: log.loggedAt, label: stockActionLabel(log.action), quantity: log.deltaQuantity, running: v2Running[index], log,
    })),
    ...sortedRacks.map((rack, index) => ({
      source: 'v1' as const, key: `v1-${rack.id}`, at: rack.executedAt, label: stockActionLabel(rack.type), quantity: rack.quantity, running: v1Running[index], rack,
    })),
  ];
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.source === b.source ? 0 : a.source === 'v2' ? -1 : 1));
}

/**
 * The v2 adjustment that brings a v1 entry into v2, logged at the entry's own time: the entry's
 * change, or for a stocktaking the difference between its count and what v2 held then.
 */
export function adjustmentFor(rack: FifoRackEntry, logs: readonly StockLog[]): { loggedAt: Date; deltaQuantity: number } {
  if (rack.type !== STOCKTAKING_TYPE) return { loggedAt: rack.executedAt, deltaQuantity: rack.quantity };
  const held = logs.filter((log) => log.loggedAt.getTime() <= rack.executedAt.getTime()).reduce((sum, log) => sum + log.deltaQuantity, 0);
  return { loggedAt: rack.executedAt, deltaQuantity: roundQuantity(rack.quantity - held) };
}

/**
 * The adjustment a v1 entry still needs in v2, or null when adding it would change nothing or
 * count it twice: a stocktaking whose count v2 already held at that time, or a change v2 already
 * logged at the same instant with the same quantity (the event itself, or an adjustment added
 * from this screen before).
 */
export function pendingAdjustment(rack: FifoRackEntry, logs: readonly StockLog[]): { loggedAt: Date; deltaQuantity: number } | null {
  const adjustment = adjustmentFor(rack, logs);
  if (adjustment.deltaQuantity === 0) return null;
  if (rack.type === STOCKTAKING_TYPE) return adjustment;
  const logged = logs.some((log) => log.loggedAt.getTime() === rack.executedAt.getTime() && roundQuantity(log.deltaQuantity) === roundQuantity(rack.quantity));
  return logged ? null : adjustment;
}
