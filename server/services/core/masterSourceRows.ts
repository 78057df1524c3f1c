import type { DB } from '../../db/open';
import type { PublishedMasterReader, PublishedRow } from '../medorder/masterSourcesReader';

/**
 * Core's side of the published-master reader the ordering service is given: the imported rows
 * of core's own master (the HOT base, GS1, insurance and MEDHOT files merged per HOT code by the
 * import), read through core's connection, at most a few hundred rows per code.
 */
const COLUMNS = `hot_code, hot_code_7, yj_code, receipt_code, jan_code, package_gs1_code, packet_gs1_code, supply_gs1_code, brand_name,
  brand_name_pronunciation, official_name, unit_type, standard, dosage_type, maker, seller, packet_form, packet_form_subdivision, packet_volume,
  packet_unit_name, packet_per_sheet, package_volume, package_volume_unit_name, package_packet_count, official_unit_price, generic, generic_code,
  interim_period_on, inactive_on`;

const LIMIT = 500;

export function coreMasterReader(db: DB): PublishedMasterReader {
  const where = (condition: string) => db.prepare(`SELECT ${COLUMNS} FROM ethical_medicines WHERE hot_code IS NOT NULL AND (${condition}) ORDER BY hot_code LIMIT ${LIMIT}`);
  const byHot = where('hot_code = @code');
  const byReceipt = where('receipt_code = @code OR receipt_code_secondary = @code');
  const byYj = where('yj_code = @code');
  const byGs1 = where('package_gs1_code = @code OR packet_gs1_code = @code OR supply_gs1_code = @code');
  const rows = (statement: ReturnType<typeof where>, code: string) => statement.all({ code }) as PublishedRow[];
  return {
    byHotCode: (code) => rows(byHot, code),
    byReceiptCode: (code) => rows(byReceipt, code),
    byYjCode: (code) => rows(byYj, code),
    byGs1Code: (code) => rows(byGs1, code),
  };
}
