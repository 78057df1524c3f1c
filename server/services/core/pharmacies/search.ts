import { INVOICE_NUMBER_CODE, LICENSE_NUMBER_CODE } from '../../../../src/contract/pharmacyCodes';
import { searchFields, type SearchIndex } from '../../../shared/search';

const address = (r: string) => `${r}.address1 || ${r}.address2 || ${r}.address3 || COALESCE(${r}.address4, '')`;

/** A phone number as written (043-636-0235) and as digits alone (0436360235), so either finds it. */
const phoneNumber = (column: string) => searchFields(`COALESCE(${column}, '')`, `replace(COALESCE(${column}, ''), '-', '')`);

/**
 * Pharmacies: name, 薬局コード, postal code, the address (its parts joined as written), and the
 * phone and fax numbers (a pharmacy that calls in is found by the number on the caller's line).
 * By equality only (the codeSearch addition): the invoice registration number (T and 13 digits,
 * stored with its upper-case T) and a licence's number (「14薬第91565号」, held by the
 * pharmacy's licences); neither is in any name, so a query of their shape is no text search.
 */
export const PHARMACY_SEARCH: SearchIndex = {
  name: 'pharmacies_search',
  table: 'pharmacies',
  idColumn: 'id',
  text: (r) => searchFields(`${r}.name`, `${r}.micode`, `${r}.postal_code`, address(r), phoneNumber(`${r}.phone`), phoneNumber(`${r}.fax`)),
  shortText: (r) => searchFields(`${r}.name`, `${r}.address1 || ${r}.address2`),
  columns: ['name', 'micode', 'postal_code', 'address1', 'address2', 'address3', 'address4', 'phone', 'fax'],
  codes: [
    { column: 'micode', pattern: /^\d{10}$/ },
    { column: 'postal_code', pattern: /^\d{7}$/ },
    { column: 'id', pattern: /^\d{1,9}$/ },
    { column: 'invoice_number', pattern: INVOICE_NUMBER_CODE, stored: (code) => code.toUpperCase(), only: true },
    { column: 'number', pattern: LICENSE_NUMBER_CODE, of: { table: 'licenses', key: 'pharmacy_id' }, only: true },
  ],
};
