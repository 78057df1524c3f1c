import type { FieldDeclaration } from '../../resources/types';
import { formatSlashDate, formatSlashDateTime } from '../../contract/dates';
import type { ExportCell } from './csvExport';
import { displayText } from '../../resources/schema/shared/fieldDisplay';
import { referenceFallback, referenceIds } from '../../resources/schema/shared/references';

/**
 * A declared field's value as an export cell: what the list shows, in the form a spreadsheet
 * reads. Choices and booleans as their Japanese labels (fieldDisplay's), a reference as the named
 * record's name (`#id` when it has none, as on screen), days as `yyyy/MM/dd`, instants in Japan time
 * as `yyyy/MM/dd HH:mm`, numbers without digit grouping (Excel groups them itself) and decimals
 * to the declared places.
 */
export const exportCell = (field: FieldDeclaration, value: unknown, names?: ReadonlyMap<string, string>): ExportCell => {
  if (value === null || value === undefined || value === '') return { text: '' };
  if (field.reference) {
    return { text: referenceIds(value).map((id) => names?.get(String(id)) ?? referenceFallback(id)).join('、') };
  }
  switch (field.type) {
    case 'id':
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? { text: String(value), numeric: true } : { text: String(value) };
    case 'decimal': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number) ? { text: number.toFixed(field.decimals ?? 2), numeric: true } : { text: String(value) };
    }
    case 'date':
      return { text: formatSlashDate(value as string) || String(value) };
    case 'datetime':
      return { text: formatSlashDateTime(value as string) || String(value) };
    default:
      return { text: displayText(field, value) ?? '' };
  }
};
