/**
 * The ethical medicine master's columns (spec section 3, snake_case as the API answers them),
 * in one place: the migration, the seed, the importer and the response schema derive from it.
 */
export type ColumnKind = 'text' | 'number' | 'decimal' | 'date' | 'flag';

export const MEDICINE_COLUMNS = {
  brand_name: 'text',
  brand_name_pronunciation: 'text',
  hot_code: 'text',
  hot_code_7: 'text',
  hot_code_9: 'text',
  hot_code_generic: 'text',
  package_gs1_code: 'text',
  jan_code: 'text',
  packet_gs1_code: 'text',
  supply_gs1_code: 'text',
  mhlw_code: 'text',
  yj_code: 'text',
  receipt_code: 'text',
  receipt_code_secondary: 'text',
  generic_code: 'text',
  receipt_system_name: 'text',
  generic_name: 'text',
  ingredient_name: 'text',
  dosage_type: 'text',
  unit_type: 'text',
  standard: 'text',
  maker: 'text',
  seller: 'text',
  packet_form: 'text',
  packet_form_subdivision: 'text',
  packet_volume: 'decimal',
  packet_unit_name: 'text',
  packet_per_sheet: 'number',
  package_volume: 'decimal',
  package_volume_unit_name: 'text',
  package_packet_count: 'number',
  package_packet_count_unit_name: 'text',
  public_notice_type: 'text',
  official_name: 'text',
  official_registered_on: 'date',
  official_unit_price: 'decimal',
  interim_period_on: 'date',
  inactive_on: 'date',
  generic: 'flag',
  narcotic: 'flag',
  poison: 'flag',
  stimulant_material: 'flag',
  psychotropic: 'flag',
  biotic: 'flag',
  designated_biotic: 'flag',
  regenerative: 'flag',
  clinical_sample: 'flag',
  intracutaneous_reaction: 'flag',
} as const satisfies Record<string, ColumnKind>;

export type MedicineColumn = keyof typeof MEDICINE_COLUMNS;
export const MEDICINE_COLUMN_NAMES = Object.keys(MEDICINE_COLUMNS) as MedicineColumn[];
export const FLAG_COLUMNS = MEDICINE_COLUMN_NAMES.filter((c) => MEDICINE_COLUMNS[c] === 'flag');

/** Values as stored: flags 0/1, dates `yyyy-MM-dd`, numbers as numbers; null when unknown. */
export type MedicineValues = Partial<Record<MedicineColumn, string | number | null>>;
