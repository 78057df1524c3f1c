import { wireKey, type WireType } from '../../../../src/contract/masterShape';
import { ETHICAL_MEDICINE_SHAPE } from '../../../../src/contract/masters/ethicalMedicines';
import type { WireKey } from '../../../shared/masterShape';

/**
 * The ethical medicine master's columns (spec section 3, snake_case as the API answers them),
 * from the contract's shape: the migration, the seed, the importer and the answer derive from it.
 * The API's own fields (id, the stamps) are the table's, not the publishers'.
 */
export type ColumnKind = 'text' | 'number' | 'decimal' | 'date' | 'flag';

type MedicineField = Exclude<keyof typeof ETHICAL_MEDICINE_SHAPE.fields, 'id' | 'createdAt' | 'updatedAt'>;
export type MedicineColumn = WireKey<MedicineField>;

/** How a wire type is stored: an integer as INTEGER, any other number as REAL, a yes/no as 0/1. */
const KINDS: Partial<Record<WireType, ColumnKind>> = { text: 'text', integer: 'number', number: 'decimal', day: 'date', boolean: 'flag' };

const OWN_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);

export const MEDICINE_COLUMNS = Object.fromEntries(
  Object.entries(ETHICAL_MEDICINE_SHAPE.fields)
    .filter(([field]) => !OWN_FIELDS.has(field))
    .map(([field, { type }]) => [wireKey(field), KINDS[type]!]),
) as Record<MedicineColumn, ColumnKind>;

export const MEDICINE_COLUMN_NAMES = Object.keys(MEDICINE_COLUMNS) as MedicineColumn[];
export const FLAG_COLUMNS = MEDICINE_COLUMN_NAMES.filter((c) => MEDICINE_COLUMNS[c] === 'flag');

/** Values as stored: flags 0/1, dates `yyyy-MM-dd`, numbers as numbers; null when unknown. */
export type MedicineValues = Partial<Record<MedicineColumn, string | number | null>>;
