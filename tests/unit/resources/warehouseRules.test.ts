import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyFailedMessage, formatBytes, isModifiedBeforeToday, isWarehouseService, jobRunTime, WAREHOUSE_TEXTS } from '../../../src/resources/embulkManager/warehouseRules';
import { jobStatusColor } from '../../../src/resources/ethicalMedicines/importJobs';

describe('warehouse rules', () => {
  // 2026-11-22 09:30 in Tokyo; today began at 2026-11-21T15:00Z.
  const now = new Date('2026-11-22T00:30:00Z');

  it('badges a table modified before today began in Japan, not one modified since', () => {
    expect(isModifiedBeforeToday(new Date('2026-11-21T14:59:59.999Z'), now)).toBe(true);
    expect(isModifiedBeforeToday(new Date('2026-11-21T15:00:00.000Z'), now)).toBe(false);
    expect(isModifiedBeforeToday(null, now)).toBe(false);
    expect(isModifiedBeforeToday(undefined, now)).toBe(false);
  });

  it('badges exactly the instants before the Tokyo start of the day, whatever the time of day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_399_999 }), fc.integer({ min: -3 * 86_400_000, max: 86_400_000 }), (sinceStart, offset) => {
        const start = Date.parse('2026-11-21T15:00:00Z');
        const at = new Date(start + sinceStart);
        const modified = new Date(start + offset);
        expect(isModifiedBeforeToday(modified, at)).toBe(offset < 0);
      }),
    );
  });

  it('shows a run time once a job has stopped', () => {
    const startedAt = new Date('2026-11-22T00:00:00Z');
    expect(jobRunTime({ startedAt, stoppedAt: new Date('2026-11-22T00:01:05Z') })).toBe('1分5秒');
    expect(jobRunTime({ startedAt, stoppedAt: null })).toBe('');
    expect(jobRunTime({ startedAt: null, stoppedAt: null })).toBe('');
  });

  it('colours SUCCEEDED as success, FAILED as danger, everything else as info', () => {
    expect(jobStatusColor('SUCCEEDED')).toBe('success');
    expect(jobStatusColor('FAILED')).toBe('error');
    for (const status of ['SUBMITTED', 'PENDING', 'RUNNABLE', 'STARTING', 'RUNNING']) expect(jobStatusColor(status)).toBe('info');
  });

  it('words the toast as the spec does', () => {
    expect(WAREHOUSE_TEXTS.succeeded).toBe('ジョブを実行しました。');
    expect(copyFailedMessage(['テーブル core.x はMySQLにありません。'])).toBe('ジョブ実行が失敗しました。 テーブル core.x はMySQLにありません。');
  });

  it('formats sizes and accepts only the two services', () => {
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(null)).toBe('');
    expect(isWarehouseService('core')).toBe(true);
    expect(isWarehouseService('medorder')).toBe(true);
    expect(isWarehouseService('legacy')).toBe(false);
    expect(isWarehouseService('__proto__')).toBe(false);
  });
});
