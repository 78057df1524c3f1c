import type { SearchIndex } from '../../../shared/search';

const address = (r: string) => `${r}.address1 || ${r}.address2 || ${r}.address3 || COALESCE(${r}.address4, '')`;

/** A phone number as written (043-636-0235) and as digits alone (0436360235), so either finds it. */
const phoneNumber = (column: string) => `COALESCE(${column}, '') || ' ' || replace(COALESCE(${column}, ''), '-', '')`;

/**
 * Pharmacies: name, 薬局コード, postal code, the address (its parts joined as written), and the
 * phone and fax numbers (a pharmacy that calls in is found by the number on the caller's line).
 */
export const PHARMACY_SEARCH: SearchIndex = {
  name: 'pharmacies_search',
  table: 'pharmacies',
  idColumn: 'id',
  text: (r) => `${r}.name || ' ' || ${r}.micode || ' ' || ${r}.postal_code || ' ' || ${address(r)} || ' ' || ${phoneNumber(`${r}.phone`)} || ' ' || ${phoneNumber(`${r}.fax`)}`,
  shortText: (r) => `${r}.name || ' ' || ${r}.address1 || ${r}.address2`,
  columns: ['name', 'micode', 'postal_code', 'address1', 'address2', 'address3', 'address4', 'phone', 'fax'],
  codes: [
    { column: 'micode', pattern: /^\d{10}$/ },
    { column: 'postal_code', pattern: /^\d{7}$/ },
    { column: 'id', pattern: /^\d{1,9}$/ },
  ],
};
