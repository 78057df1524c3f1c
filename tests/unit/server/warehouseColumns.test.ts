import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logicalBytes, toWarehouseValue, warehouseType, type SourceValue } from '../../../server/warehouse/columnTypes';
import { quoteIdentifier } from '../../../server/warehouse/sourceTables';

const value = fc.oneof(
  fc.constant(null),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string(),
  fc.uint8Array({ maxLength: 8 }),
);
const storageClass = (v: SourceValue) =>
  v === null ? 'null' : typeof v === 'bigint' ? 'integer' : typeof v === 'number' ? 'real' : typeof v === 'string' ? 'text' : 'blob';

describe('warehouse column types', () => {
  it('chooses a type every value of the column converts to without loss of its kind', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 20 }), (values) => {
        const counts = { integer: 0, real: 0, text: 0, blob: 0 };
        for (const v of values) {
          const kind = storageClass(v);
          if (kind !== 'null') counts[kind] += 1;
        }
        const type = warehouseType(counts);
        for (const v of values) {
          const stored = toWarehouseValue(type, v);
          if (v === null) expect(stored).toBeNull();
          else if (type === 'BIGINT') expect(stored).toBe(v);
          else if (type === 'DOUBLE') expect(stored).toBe(Number(v));
          else if (type === 'BLOB') expect(stored).toBe(v);
          else expect(typeof stored).toBe('string');
        }
      }),
    );
  });

  it('keeps the narrowest type', () => {
    expect(warehouseType({ integer: 3, real: 0, text: 0, blob: 0 })).toBe('BIGINT');
    expect(warehouseType({ integer: 3, real: 1, text: 0, blob: 0 })).toBe('DOUBLE');
    expect(warehouseType({ integer: 3, real: 1, text: 1, blob: 0 })).toBe('VARCHAR');
    expect(warehouseType({ integer: 0, real: 0, text: 0, blob: 2 })).toBe('BLOB');
    expect(warehouseType({ integer: 1, real: 0, text: 0, blob: 2 })).toBe('VARCHAR');
    expect(warehouseType({ integer: 0, real: 0, text: 0, blob: 0 })).toBe('VARCHAR');
    expect(toWarehouseValue('VARCHAR', new Uint8Array([1, 2, 255]))).toBe('AQL/');
  });

  it('counts BigQuery logical bytes', () => {
    expect(logicalBytes(null)).toBe(0);
    expect(logicalBytes(1n)).toBe(8);
    expect(logicalBytes(1.5)).toBe(8);
    expect(logicalBytes('薬局')).toBe(2 + 6);
    expect(logicalBytes(new Uint8Array(5))).toBe(7);
  });

  it('quotes any identifier so it cannot close its quotes', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const quoted = quoteIdentifier(name);
        const inner = quoted.slice(1, -1);
        expect(quoted.startsWith('"') && quoted.endsWith('"')).toBe(true);
        expect(inner.replaceAll('""', '')).not.toContain('"');
      }),
    );
  });
});
