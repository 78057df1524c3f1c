/**
 * Readies the ICU formatter a list's first render would otherwise build inside it: ja-JP digit
 * grouping (the list's total, numbers in cells). The first `toLocaleString('ja-JP')` in a page
 * loads the locale's data (about 25 ms on the 2-core machine); later ones cost microseconds.
 * Tokyo times need no readying: src/contract/dates.ts writes them without Intl.
 */
export const prepareFormats = (): void => {
  (0).toLocaleString('ja-JP');
};
