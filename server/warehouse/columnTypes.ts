/*
 * SQLite stores any value in any column, so a warehouse column's type is chosen from the values
 * the copy actually finds (SQLite's `typeof()` counts), not from the declared type: a column
 * declared INTEGER that holds one text value becomes VARCHAR instead of failing the copy.
 */

export type WarehouseType = 'BIGINT' | 'DOUBLE' | 'VARCHAR' | 'BLOB';

/** How many values of each SQLite storage class a column holds. */
export interface StorageClassCounts {
  integer: number;
  real: number;
  text: number;
  blob: number;
}

/** The narrowest warehouse type that represents every value found. */
export function warehouseType({ integer, real, text, blob }: StorageClassCounts): WarehouseType {
  if (text > 0) return 'VARCHAR';
  if (blob > 0) return integer + real > 0 ? 'VARCHAR' : 'BLOB';
  if (real > 0) return 'DOUBLE';
  if (integer > 0) return 'BIGINT';
  return 'VARCHAR';
}

/** A value read from SQLite with safe integers on: integers arrive as bigint. */
export type SourceValue = bigint | number | string | Uint8Array | null;

/**
 * The value as the warehouse column of `type` stores it. Blobs in a VARCHAR column are written as
 * base64, numbers as their decimal text.
 */
export function toWarehouseValue(type: WarehouseType, value: SourceValue): SourceValue {
  if (value === null) return null;
  switch (type) {
    case 'BIGINT':
      return typeof value === 'bigint' ? value : BigInt(value as number);
    case 'DOUBLE':
      return Number(value);
    case 'BLOB':
      return value;
    case 'VARCHAR':
      return value instanceof Uint8Array ? Buffer.from(value).toString('base64') : String(value);
  }
}

/**
 * BigQuery's logical size of a value: 8 bytes for a number, 2 plus the UTF-8 length for a string
 * or bytes, nothing for NULL. The table's bytes_count is the sum over every stored value.
 */
export function logicalBytes(value: SourceValue): number {
  if (value === null) return 0;
  if (typeof value === 'bigint' || typeof value === 'number') return 8;
  if (typeof value === 'string') return 2 + Buffer.byteLength(value, 'utf8');
  return 2 + value.byteLength;
}
