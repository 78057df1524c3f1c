import type { SeedScale } from '../db/seedCatalogue';

/**
 * What the ordering service reads of the published masters (MEDIS HOT base and GS1
 * correspondence, the insurance fund master, MEDHOT), which the core service imports
 * (server/services/core/masterFiles/store.ts). No service opens another's database: the environment
 * passes the ordering service this reader (server/environment.ts), as production would give it a
 * client of core's master API.
 */
export interface PublishedRow {
  hot_code: string;
  hot_code_7: string | null;
  yj_code: string | null;
  receipt_code: string | null;
  jan_code: string | null;
  package_gs1_code: string | null;
  packet_gs1_code: string | null;
  supply_gs1_code: string | null;
  brand_name: string;
  brand_name_pronunciation: string | null;
  official_name: string | null;
  unit_type: string | null;
  standard: string | null;
  dosage_type: string | null;
  maker: string | null;
  seller: string | null;
  packet_form: string | null;
  packet_form_subdivision: string | null;
  packet_volume: number | null;
  packet_unit_name: string | null;
  packet_per_sheet: number | null;
  package_volume: number | null;
  package_volume_unit_name: string | null;
  package_packet_count: number | null;
  official_unit_price: number | null;
  generic: number;
  generic_code: string | null;
  interim_period_on: string | null;
  inactive_on: string | null;
}

/** A publisher's file as core downloaded it (spec section 3 "Master file"). */
export interface PublishedFile {
  id: number;
  file_name: string;
  file_date: string;
  rows_count: number | null;
  imported_at: string | null;
}

export type PublishedFileKind = 'hot_code' | 'medhot' | 'iryohoken' | 'medis_gs1' | 'medis_option';

/** One line of a file as its layout reads it: the master columns it sets (snake_case). */
export interface PublishedFileRow {
  line: number;
  values: Record<string, unknown>;
}

export interface PublishedMasterReader {
  /** The downloaded files of a kind, newest first. */
  files(kind: PublishedFileKind): PublishedFile[];
  /** A file's rows, or undefined when there is no such file of that kind (or its bytes are gone or unreadable). */
  fileRows(kind: PublishedFileKind, id: number): PublishedFileRow[] | undefined;
  byHotCode(hotCode: string): PublishedRow[];
  byReceiptCode(receiptCode: string): PublishedRow[];
  byYjCode(yjCode: string): PublishedRow[];
  /** Every row whose package, packet or supply GS1 code is `gs1Code` (two HOT codes claiming one code contradict). */
  byGs1Code(gs1Code: string): PublishedRow[];
}

/** A reader over no rows, for a service started without core (unit tests of the ordering service alone). */
export const EMPTY_PUBLISHED_MASTER: PublishedMasterReader = {
  files: () => [],
  fileRows: () => undefined,
  byHotCode: () => [],
  byReceiptCode: () => [],
  byYjCode: () => [],
  byGs1Code: () => [],
};

/**
 * The shared seed's medicines as core publishes them. The ordering service's seed names the same
 * products (its master, import requests and unknown deliveries) without running core's seed
 * code: the environment hands it core's (server/services/core/masterFiles/publishedRows.ts).
 */
export type SeedPublishedRows = (seed: number, scale: SeedScale) => PublishedRow[];
