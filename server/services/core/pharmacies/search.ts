import type { SearchIndex } from '../../../shared/search';

const address = (r: string) => `${r}.address1 || ${r}.address2 || ${r}.address3 || COALESCE(${r}.address4, '')`;

/** Pharmacies: name, 薬局コード, postal code and the address (its parts joined as written). */
export const PHARMACY_SEARCH: SearchIndex = {
  name: 'pharmacies_search',
  table: 'pharmacies',
  idColumn: 'id',
  text: (r) => `${r}.name || ' ' || ${r}.micode || ' ' || ${r}.postal_code || ' ' || ${address(r)}`,
  shortText: (r) => `${r}.name || ' ' || ${r}.address1 || ${r}.address2`,
  columns: ['name', 'micode', 'postal_code', 'address1', 'address2', 'address3', 'address4'],
  codes: [
    { column: 'micode', pattern: /^\d{10}$/ },
    { column: 'postal_code', pattern: /^\d{7}$/ },
    { column: 'id', pattern: /^\d{1,9}$/ },
  ],
};
