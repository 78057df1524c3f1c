/** The restore call's answer, camelized (spec section 7: auth0_pharmacy_ids, db_pharmacy_ids). */
export interface RestoreResult {
  auth0PharmacyIds: number[];
  dbPharmacyIds: number[];
}

/** Whether the identity provider already had the database's pharmacy ids (order does not matter). */
export const sameIds = (a: readonly number[], b: readonly number[]): boolean => {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
};

/** The sentence above the two lists. */
export const restoreSummary = ({ auth0PharmacyIds, dbPharmacyIds }: RestoreResult): string =>
  sameIds(auth0PharmacyIds, dbPharmacyIds)
    ? '認証基盤の薬局IDはデータベースと一致していました。'
    : '認証基盤の薬局IDをデータベースの薬局IDで復元しました。';
