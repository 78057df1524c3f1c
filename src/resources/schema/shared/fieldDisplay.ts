import type { BadgeDeclaration, Choice, FieldDeclaration } from '../../types';
import { formatDate, formatDateTime, isOnOrBeforeToday } from '../../../contract/dates';
import { getPath } from '../../../dataProvider/writePayload';
import { referenceFallback, referenceIds } from './references';

/**
 * Text of a declared field's value, by type: pure, so every screen (list cells, detail fields,
 * custom tables) shows values the same way. `undefined` means "no value" (the caller decides
 * whether that is blank or 未設定).
 */
export const UNKNOWN_CHOICE = '不明';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

export const choiceFor = (field: FieldDeclaration, value: unknown): Choice | undefined =>
  field.choices?.find((choice) => String(choice.value) === String(value));

/** A field's value on a record: read at its path, or computed (`derive`). */
export const fieldValue = (field: FieldDeclaration, source: string, record: Record<string, unknown> | undefined, now: Date = new Date()): unknown =>
  field.derive ? (record ? field.derive(record, now) : undefined) : getPath(record, source);

export const displayText = (field: FieldDeclaration, value: unknown): string | undefined => {
  if (isEmpty(value)) return undefined;
  if (field.reference) {
    // As text (where no link can go), a reference reads by its ids; on screen, by the records' names.
    const ids = referenceIds(value);
    return ids.length === 0 ? undefined : ids.map(referenceFallback).join('、');
  }
  switch (field.type) {
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('ja-JP') : String(value);
    case 'decimal': {
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number)) return String(value);
      const places = field.decimals ?? 2;
      return number.toLocaleString('ja-JP', { minimumFractionDigits: places, maximumFractionDigits: places });
    }
    case 'date':
      return formatDate(value as string | Date) || String(value);
    case 'datetime':
      return formatDateTime(value as string | Date) || String(value);
    case 'boolean':
      return value === true ? 'はい' : value === false ? 'いいえ' : String(value);
    case 'choice':
      return choiceFor(field, value)?.label ?? field.unknownLabel ?? UNKNOWN_CHOICE;
    case 'multiChoice': {
      const values = Array.isArray(value) ? value : [value];
      if (values.length === 0) return undefined;
      return values.map((item) => choiceFor(field, item)?.label ?? field.unknownLabel ?? UNKNOWN_CHOICE).join('、');
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
};

/** Numbers line up on the right (issue: right-align numeric columns); a reference reads as a name, on the left. */
export const isNumericField = (field: FieldDeclaration) => !field.reference && (field.type === 'number' || field.type === 'decimal' || field.type === 'id');

/** Whether a badge shows for a record: a calendar day on or before today in Japan (days compare as strings). */
export const badgeShows = (badge: BadgeDeclaration, record: Record<string, unknown> | undefined, now: Date = new Date()): boolean =>
  isOnOrBeforeToday(getPath(record, badge.when.field), now);

/** What a field's label is read from: a master's declaration, or the labels alone of a record with no screen (VERSIONED_WITHOUT_SCREEN). */
type LabelledFields = { fields: Readonly<Record<string, { label: string } | undefined>> };

/** A master's field by its Japanese label as its screens show it; the name itself where the master does not declare it. */
export const fieldLabel = (declaration: LabelledFields | undefined, name: string): string => declaration?.fields[name]?.label ?? name;

/** Field names of a master as its labels (a `labelsOf` field's value): 会社名、備考; undefined when there are none. */
export const fieldLabels = (declaration: LabelledFields | undefined, names: unknown): string | undefined =>
  Array.isArray(names) && names.length > 0 ? names.map((name) => fieldLabel(declaration, String(name))).join('、') : undefined;
