import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../shared/auth';
import { validationError } from '../../shared/errors';
import { commonErrors, jsonResponse, listHeaders, SECURITY } from '../../shared/openapi';
import { labelled } from '../../shared/validation';
import type { PublishedMasterReader, PublishedRow } from './masterSourcesReader';

/**
 * The published master rows of one code, as the four publishers' tables show them (spec section
 * 7: medis_base_rows, medis_gs1_rows, iryohoken_rows, medhot_rows): the HOT code and receipt code
 * detail screens' tables. A code has a handful of rows, so one page holds them all.
 */
const tags = ['medorder: master sources'];

export const ROW_KEY_REQUIRED = 'HOTコード、レセプト電算コード、YJコードのいずれか1つを指定してください。';

const RowQuery = z.object({
  hot_code: labelled('HOTコード', z.string().regex(/^(\d{9}|\d{13})$/).optional()),
  receipt_code: labelled('レセプト電算コード', z.string().regex(/^\d{9}$/).optional()),
  yj_code: labelled('YJコード', z.string().regex(/^\d{7}[A-Z][0-9A-Z]{3}\d$/).optional()),
  page: labelled('ページ', z.string().regex(/^\d{1,6}$/).optional()),
});

type Projection = (row: PublishedRow, reader: PublishedMasterReader) => Record<string, unknown>;

const TABLES: Record<string, { summary: string; project: Projection }> = {
  medis_base_rows: {
    summary: 'HOTコードマスター (基本) の行',
    project: (r) => ({
      hot_code: r.hot_code, hot_code_7: r.hot_code_7, yj_code: r.yj_code, receipt_code: r.receipt_code, jan_code: r.jan_code, brand_name: r.brand_name,
      official_name: r.official_name, standard: r.standard, packet_form: r.packet_form, packet_volume: r.packet_volume, packet_unit_name: r.packet_unit_name,
      package_volume: r.package_volume, package_volume_unit_name: r.package_volume_unit_name, dosage_type: r.dosage_type, maker: r.maker, seller: r.seller,
      inactive_on: r.inactive_on,
    }),
  },
  medis_gs1_rows: {
    summary: 'GS1対応表の行 (そのGS1コードに対応するHOTコードすべてを hot_codes に)',
    project: (r, reader) => ({
      hot_code: r.hot_code, package_gs1_code: r.package_gs1_code, packet_gs1_code: r.packet_gs1_code, supply_gs1_code: r.supply_gs1_code, jan_code: r.jan_code,
      hot_codes: r.package_gs1_code ? [...new Set(reader.byGs1Code(r.package_gs1_code).map((o) => o.hot_code))] : [r.hot_code],
    }),
  },
  iryohoken_rows: {
    summary: '医療保険マスターの行',
    project: (r) => ({
      receipt_code: r.receipt_code, hot_code: r.hot_code, brand_name: r.brand_name, brand_name_pronunciation: r.brand_name_pronunciation, unit_type: r.unit_type,
      official_unit_price: r.official_unit_price, generic: r.generic === 1, generic_code: r.generic_code, interim_period_on: r.interim_period_on, inactive_on: r.inactive_on,
    }),
  },
  medhot_rows: {
    summary: 'MEDHOTマスターの行',
    project: (r) => ({
      hot_code: r.hot_code, package_gs1_code: r.package_gs1_code, packet_gs1_code: r.packet_gs1_code, packet_form: r.packet_form,
      packet_form_subdivision: r.packet_form_subdivision, packet_volume: r.packet_volume, packet_unit_name: r.packet_unit_name,
      packet_per_sheet: r.packet_per_sheet, package_packet_count: r.package_packet_count,
    }),
  },
};

export function registerMasterRowRoutes(app: OpenAPIHono<AuthEnv>, reader: PublishedMasterReader): void {
  for (const [name, table] of Object.entries(TABLES)) {
    const route = createRoute({
      method: 'get', path: `/api/v2/admin/${name}`, summary: table.summary, tags, security: SECURITY,
      request: { query: RowQuery },
      responses: { 200: { ...jsonResponse(z.array(z.record(z.string(), z.unknown())), table.summary), headers: listHeaders }, ...commonErrors },
    });
    app.openapi(route, (c) => {
      const q = c.req.valid('query');
      const keys = [q.hot_code, q.receipt_code, q.yj_code].filter(Boolean);
      if (keys.length !== 1) throw validationError({ hot_code: [ROW_KEY_REQUIRED] });
      const rows = q.hot_code ? reader.byHotCode(q.hot_code) : q.receipt_code ? reader.byReceiptCode(q.receipt_code) : reader.byYjCode(q.yj_code as string);
      c.header('x-current-page', '1');
      c.header('x-total-pages', '1');
      c.header('x-total-count', String(rows.length));
      return c.json(rows.map((row) => table.project(row, reader)), 200);
    });
  }
}
