import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { logicalBytes, toWarehouseValue, type SourceValue, type WarehouseType } from './columnTypes';
import { openSourceTable, quoteIdentifier, sourceColumns } from './sourceTables';
import { WAREHOUSE_META, type CopyResult, type WarehouseDataset } from './datasets';

/*
 * One warehouse copy, as the warehouse's job process runs it (warehouseTask.ts): the service
 * table's snapshot replaces the warehouse table and its metadata row in one DuckDB transaction,
 * all or nothing. It runs off the request thread because DuckDB's appender is synchronous: one
 * flush of a large table holds its thread for about 50 ms, longer than a request may wait.
 */

/** Rows read and appended between two yields, so a listing of the same file is answered during a copy. */
const ROWS_PER_SLICE = 1000;

export interface CopyTimes {
  /** When the copy began (the request thread's clock); the table's modified time. */
  now: string;
  /** Fixed times instead (the seed's stale tables). */
  at?: { createdAt: string; modifiedAt: string };
}

/** Appends the value as its column stores it; answers the stored value's logical bytes. */
function append(appender: DuckDBAppender, type: WarehouseType, value: SourceValue): number {
  const stored = toWarehouseValue(type, value);
  if (stored === null) appender.appendNull();
  else if (type === 'BIGINT') appender.appendBigInt(stored as bigint);
  else if (type === 'DOUBLE') appender.appendDouble(stored as number);
  else if (type === 'BLOB') appender.appendBlob(stored as Uint8Array);
  else appender.appendVarchar(stored as string);
  return logicalBytes(stored);
}

/** Copies `table` of the service database file `sourceFile` into `dataset` through `writer`; `table` is whitelisted already. */
export async function copyTable(
  writer: DuckDBConnection,
  sourceFile: string,
  dataset: WarehouseDataset,
  table: string,
  { now, at }: CopyTimes,
): Promise<CopyResult> {
  const source = openSourceTable(sourceFile, table, ROWS_PER_SLICE);
  const target = `${quoteIdentifier(dataset)}.${quoteIdentifier(table)}`;
  let bytes = 0;
  let rows = 0;
  let began = false;
  try {
    const columns = await sourceColumns(source, yieldToEventLoop);
    await writer.run('BEGIN TRANSACTION');
    began = true;
    await writer.run(`CREATE OR REPLACE TABLE ${target} (${columns.map((c) => `${quoteIdentifier(c.name)} ${c.type}`).join(', ')})`);
    const appender = await writer.createAppender(table, dataset);
    for (const chunk of source.chunks()) {
      for (const row of chunk) {
        for (let c = 0; c < columns.length; c++) bytes += append(appender, columns[c].type, row[c] as SourceValue);
        appender.endRow();
      }
      rows += chunk.length;
      appender.flushSync();
      await yieldToEventLoop();
    }
    appender.closeSync();
    const modifiedAt = at?.modifiedAt ?? now;
    const previous = await writer.runAndReadAll(`SELECT created_at FROM ${WAREHOUSE_META} WHERE dataset_id = $dataset AND table_id = $table`, { dataset, table });
    const createdAt = at?.createdAt ?? (previous.getRowObjects()[0]?.created_at as string | undefined) ?? modifiedAt;
    await writer.run(`INSERT OR REPLACE INTO ${WAREHOUSE_META} VALUES ($dataset, $table, $createdAt, $modifiedAt, $bytes, $rows)`, {
      dataset,
      table,
      createdAt,
      modifiedAt,
      bytes,
      rows,
    });
    await writer.run('COMMIT');
    return { dataset, table, rows, bytes, modifiedAt };
  } catch (error) {
    if (began) await writer.run('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    source.close();
  }
}
