/** How much every service seeds: `small` for development and tests, `large` at national scale. */
export type SeedScale = 'small' | 'large';

/**
 * What the services' seeds must agree on without any service reading another's tables: which
 * pharmacy ids exist (core seeds pharmacies 1..N) and a few real medicines by YJ code (from the
 * MHLW price list of 2025-07-16), so medorder's stocks and legacy's FIFO racks, when they are
 * seeded, name pharmacies and medicines the core and the ethical-medicine master know.
 */
export const SEED_SIZES: Record<SeedScale, { pharmacies: number; companies: number }> = {
  small: { pharmacies: 300, companies: 40 },
  large: { pharmacies: 62_828, companies: 3_000 },
};

/** The pharmacy ids core seeds, in order. */
export const seededPharmacyIds = (scale: SeedScale): number[] => Array.from({ length: SEED_SIZES[scale].pharmacies }, (_, index) => index + 1);

/** Real oral medicines (YJ code, brand name, standard) the stock seeds share. */
export const SEEDED_MEDICINES: readonly { yjCode: string; name: string; standard: string }[] = [
  { yjCode: '1124003F2230', name: 'ネルボン錠５ｍｇ', standard: '５ｍｇ１錠' },
  { yjCode: '1129009F1297', name: 'ゾルピデム酒石酸塩錠５ｍｇ「日医工」', standard: '５ｍｇ１錠' },
  { yjCode: '1129009F2048', name: 'ゾルピデム酒石酸塩錠１０ｍｇ「ＡＦＰ」', standard: '１０ｍｇ１錠' },
  { yjCode: '1132002F2041', name: 'アレビアチン錠１００ｍｇ', standard: '１００ｍｇ１錠' },
  { yjCode: '1139007F2029', name: 'ガバペン錠３００ｍｇ', standard: '３００ｍｇ１錠' },
  { yjCode: '1139010F1091', name: 'レベチラセタム錠２５０ｍｇ「トーワ」', standard: '２５０ｍｇ１錠' },
  { yjCode: '1139103X1036', name: 'ヒダントールＤ配合錠', standard: '１錠' },
  { yjCode: '1141007F1063', name: 'カロナール錠２００', standard: '２００ｍｇ１錠' },
  { yjCode: '1144002X1017', name: 'イソプロピルアンチピリン', standard: '１ｇ' },
  { yjCode: '1149013F1091', name: 'ミグリステン錠２０', standard: '２０ｍｇ１錠' },
  { yjCode: '1149019C1149', name: 'ロキソニン細粒１０％', standard: '１０％１ｇ' },
  { yjCode: '1149032F2023', name: 'ハイペン錠２００ｍｇ', standard: '２００ｍｇ１錠' },
];
