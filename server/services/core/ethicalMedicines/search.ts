import { searchFields, type SearchIndex } from '../../../shared/search';

const joined = (r: string, columns: readonly string[]) => searchFields(...columns.map((c) => `COALESCE(${r}.${c}, '')`));

const NAMES = ['brand_name', 'brand_name_pronunciation', 'generic_name', 'ingredient_name', 'official_name', 'receipt_system_name', 'maker', 'seller'];
const CODES = ['hot_code', 'yj_code', 'mhlw_code', 'receipt_code', 'receipt_code_secondary', 'jan_code', 'package_gs1_code', 'packet_gs1_code', 'supply_gs1_code'];

/**
 * Ethical medicines: names by FTS, and every code by equality first (a folded query is lower
 * case, hence the `*_folded` columns of the YJ codes). A 9-digit query is a HOT9 or a receipt
 * code, a 13-digit one a HOT13 or a JAN, a 14-digit one a GS1 code; the first column that holds
 * it answers.
 */
export const ETHICAL_MEDICINE_SEARCH: SearchIndex = {
  name: 'ethical_medicines_search',
  table: 'ethical_medicines',
  idColumn: 'id',
  text: (r) => joined(r, [...NAMES, ...CODES]),
  shortText: (r) => joined(r, ['brand_name', 'generic_name', 'ingredient_name']),
  columns: [...NAMES, ...CODES],
  codes: [
    { column: 'hot_code', pattern: /^(\d{9}|\d{13})$/ },
    { column: 'hot_code_7', pattern: /^\d{7}$/ },
    { column: 'receipt_code', pattern: /^\d{9}$/ },
    { column: 'receipt_code_secondary', pattern: /^\d{9}$/ },
    { column: 'jan_code', pattern: /^\d{13}$/ },
    { column: 'yj_code_folded', pattern: /^\d{7}[a-z][0-9a-z]{3}\d$/ },
    { column: 'mhlw_code_folded', pattern: /^\d{7}[a-z][0-9a-z]{3}\d$/ },
    { column: 'packet_gs1_code', pattern: /^\d{14}$/ },
    { column: 'package_gs1_code', pattern: /^\d{14}$/ },
    { column: 'supply_gs1_code', pattern: /^\d{14}$/ },
  ],
};
