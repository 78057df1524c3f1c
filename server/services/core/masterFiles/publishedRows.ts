import type { DB } from '../../../db/open';
import type { BlobStorage } from '../../../shared/storage';
import type { PublishedFile, PublishedFileRow, PublishedMasterReader, PublishedRow, SeedPublishedRows } from '../../../shared/publishedMasters';
import type { MedicineColumn, MedicineValues } from '../ethicalMedicines/columns';
import { seedMedicineRecords } from '../ethicalMedicines/seed';
import { parseMasterFile } from './layouts';
import { MASTER_FILES_BUCKET } from './store';

/**
 * Core's side of the published-master reader the ordering service is given: the imported rows
 * of core's own master (the HOT base, insurance and MEDHOT files merged per HOT code by the
 * import), read through core's connection, at most a few hundred rows per code, and any downloaded
 * file's rows (the GS1 correspondence and option files included) parsed from blob storage.
 */
const COLUMNS = `hot_code, hot_code_7, yj_code, receipt_code, jan_code, package_gs1_code, packet_gs1_code, supply_gs1_code, brand_name,
  brand_name_pronunciation, official_name, unit_type, standard, dosage_type, maker, seller, packet_form, packet_form_subdivision, packet_volume,
  packet_unit_name, packet_per_sheet, package_volume, package_volume_unit_name, package_packet_count, official_unit_price, generic, generic_code,
  interim_period_on, inactive_on`;

const LIMIT = 500;

/** Parsed files kept by id and content hash: paging through a file parses it once, a new download of it parses again. */
const PARSED_FILES_KEPT = 4;

export function coreMasterReader(db: DB, storage: BlobStorage): PublishedMasterReader {
  const parsed = new Map<string, PublishedFileRow[]>();
  const fileList = db.prepare('SELECT id, file_name, file_date, rows_count, imported_at FROM master_files WHERE kind = @kind ORDER BY file_date DESC, id DESC');
  const fileOf = db.prepare('SELECT storage_key, sha256 FROM master_files WHERE kind = @kind AND id = @id');
  const fileRows = (kind: Parameters<PublishedMasterReader['fileRows']>[0], id: number): PublishedFileRow[] | undefined => {
    const file = fileOf.get({ kind, id }) as { storage_key: string; sha256: string } | undefined;
    if (!file) return undefined;
    const cacheKey = `${kind}:${id}:${file.sha256}`;
    const cached = parsed.get(cacheKey);
    if (cached) return cached;
    const blob = storage.get(MASTER_FILES_BUCKET, file.storage_key);
    if (!blob) return undefined;
    const result = parseMasterFile(kind, blob.body);
    if (!result.ok) return undefined;
    const rows = result.rows.map((row) => ({ line: row.line, values: row.values as Record<string, unknown> }));
    parsed.set(cacheKey, rows);
    if (parsed.size > PARSED_FILES_KEPT) parsed.delete(parsed.keys().next().value as string);
    return rows;
  };
  const where = (condition: string) => db.prepare(`SELECT ${COLUMNS} FROM ethical_medicines WHERE hot_code IS NOT NULL AND (${condition}) ORDER BY hot_code LIMIT ${LIMIT}`);
  const byHot = where('hot_code = @code');
  const byReceipt = where('receipt_code = @code OR receipt_code_secondary = @code');
  const byYj = where('yj_code = @code');
  const byGs1 = where('package_gs1_code = @code OR packet_gs1_code = @code OR supply_gs1_code = @code');
  const rows = (statement: ReturnType<typeof where>, code: string) => statement.all({ code }) as PublishedRow[];
  return {
    files: (kind) => fileList.all({ kind }) as PublishedFile[],
    fileRows,
    byHotCode: (code) => rows(byHot, code),
    byReceiptCode: (code) => rows(byReceipt, code),
    byYjCode: (code) => rows(byYj, code),
    byGs1Code: (code) => rows(byGs1, code),
  };
}

/** A seeded medicine record as a published row: the same columns, each read with its type. */
function publishedRowOf(values: MedicineValues): PublishedRow {
  const text = (column: MedicineColumn) => {
    const value = values[column];
    return typeof value === 'string' ? value : null;
  };
  const number = (column: MedicineColumn) => {
    const value = values[column];
    return typeof value === 'number' ? value : null;
  };
  return {
    hot_code: text('hot_code') ?? '',
    hot_code_7: text('hot_code_7'),
    yj_code: text('yj_code'),
    receipt_code: text('receipt_code'),
    jan_code: text('jan_code'),
    package_gs1_code: text('package_gs1_code'),
    packet_gs1_code: text('packet_gs1_code'),
    supply_gs1_code: text('supply_gs1_code'),
    brand_name: text('brand_name') ?? '',
    brand_name_pronunciation: text('brand_name_pronunciation'),
    official_name: text('official_name'),
    unit_type: text('unit_type'),
    standard: text('standard'),
    dosage_type: text('dosage_type'),
    maker: text('maker'),
    seller: text('seller'),
    packet_form: text('packet_form'),
    packet_form_subdivision: text('packet_form_subdivision'),
    packet_volume: number('packet_volume'),
    packet_unit_name: text('packet_unit_name'),
    packet_per_sheet: number('packet_per_sheet'),
    package_volume: number('package_volume'),
    package_volume_unit_name: text('package_volume_unit_name'),
    package_packet_count: number('package_packet_count'),
    official_unit_price: number('official_unit_price'),
    generic: number('generic') ?? 0,
    generic_code: text('generic_code'),
    interim_period_on: text('interim_period_on'),
    inactive_on: text('inactive_on'),
  };
}

/** Core's seeded medicines, for the ordering service's seed. */
export const seedPublishedRows: SeedPublishedRows = (seed, scale) => seedMedicineRecords(seed, scale).map(publishedRowOf);
