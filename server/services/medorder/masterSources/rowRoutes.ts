import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../../shared/auth';
import { ApiError, notFoundError, validationError } from '../../../shared/errors';
import { listHeaders } from '../../../shared/openapi';
import { readRoute } from '../../../shared/routes';
import { labelled } from '../../../shared/validation';
import type { ListDeclaration } from '../../../shared/listEndpoint';
import type { PublishedFileKind, PublishedFileRow, PublishedMasterReader, PublishedRow } from '../../../shared/publishedMasters';

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
  page: labelled('ページ', z.string().regex(/^[1-9]\d{0,5}$/).optional()),
});

const PAGE_SIZE = 25;

/**
 * The publishers' file lists (spec section 2 "File lists"): each names the file kind core
 * downloads for it (the GS1 correspondence and option files come with the HOT code master).
 */
const FILE_LISTS: Record<string, { summary: string; kind: PublishedFileKind; rows: string; param: string }> = {
  medis_bases: { summary: 'HOTコードマスターのファイル一覧', kind: 'hot_code', rows: 'medis_base_rows', param: 'medis_base_id' },
  medis_gs1s: { summary: 'GS1対応表のファイル一覧', kind: 'medis_gs1', rows: 'medis_gs1_rows', param: 'medis_gs1_id' },
  medis_options: { summary: 'オプションファイル一覧', kind: 'medis_option', rows: 'medis_option_rows', param: 'medis_option_id' },
  iryohokens: { summary: '医療保険マスターのファイル一覧', kind: 'iryohoken', rows: 'iryohoken_rows', param: 'iryohoken_id' },
};

/**
 * Each file's rows as a declared list: the API bench asks each with the id of the oldest
 * downloaded file of its kind (the whole master; the bench downloads the files first). No sort,
 * filter or search: a file's rows go in line order.
 */
export const MASTER_FILE_ROW_LISTS: readonly ListDeclaration[] = Object.entries(FILE_LISTS).map(([name, list]) => ({
  base: '/medorder',
  path: `/api/v2/admin/${list.rows}`,
  summary: `${list.summary.replace('一覧', '')}の行`,
  sortColumns: {},
  defaultSort: 'line',
  filters: {},
  fields: ['line'],
  requires: { [list.param]: { from: `/medorder/api/v2/admin/${name}?sort=file_date` } },
}));

const pageParam = labelled('ページ', z.string().regex(/^[1-9]\d{0,5}$/).optional());
const FileSchema = z.object({ id: z.number().int(), file_name: z.string(), file_date: z.string(), rows_count: z.number().int().nullable(), imported_at: z.string().nullable() });

/** One page of an in-memory list, with the list headers every paged endpoint answers. */
function page<T>(c: { header: (name: string, value: string) => void }, items: readonly T[], pageText: string | undefined): T[] {
  const current = Number(pageText ?? '1');
  const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  if (current > totalPages && items.length > 0) throw new ApiError(422, [`ページは${totalPages}以下で指定してください。`]);
  c.header('x-current-page', String(current));
  c.header('x-total-pages', String(totalPages));
  c.header('x-total-count', String(items.length));
  return items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
}

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

/**
 * A GS1 correspondence row names every HOT code of the file claiming its 販売包装単位コード (spec
 * section 3: medis gs1 rows show hot_code and hot_codes), as the code's table does over the master.
 */
function withHotCodes(all: readonly PublishedFileRow[], shown: Record<string, unknown>[]): Record<string, unknown>[] {
  const wanted = new Set(shown.map((row) => row.package_gs1_code).filter((code): code is string => typeof code === 'string'));
  const byCode = new Map<string, string[]>();
  for (const { values } of all) {
    const code = values.package_gs1_code;
    if (typeof code !== 'string' || !wanted.has(code)) continue;
    const codes = byCode.get(code) ?? [];
    if (!codes.includes(String(values.hot_code))) codes.push(String(values.hot_code));
    byCode.set(code, codes);
  }
  return shown.map((row) => ({ ...row, hot_codes: typeof row.package_gs1_code === 'string' ? (byCode.get(row.package_gs1_code) ?? []) : [row.hot_code] }));
}

export function registerMasterRowRoutes(app: OpenAPIHono<AuthEnv>, reader: PublishedMasterReader): void {
  for (const [name, list] of Object.entries(FILE_LISTS)) {
    const path = `/api/v2/admin/${name}`;
    app.openapi(
      readRoute(path, {
        summary: list.summary,
        tags,
        query: z.object({ page: pageParam, sort: labelled('並び順', z.enum(['file_date', '-file_date', 'id', '-id']).optional()) }),
        response: z.array(FileSchema),
        headers: listHeaders,
      }),
      (c) => {
        const { page: pageText, sort = '-file_date' } = c.req.valid('query');
        const files = reader.files(list.kind);
        const key = sort.replace('-', '') as 'file_date' | 'id';
        const sign = sort.startsWith('-') ? -1 : 1;
        const sorted = [...files].sort((a, b) => sign * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
        return c.json(page(c, sorted, pageText), 200);
      },
    );
    app.openapi(
      readRoute(`${path}/{id}`, { summary: `${list.summary.replace('一覧', '')}の詳細`, tags, response: FileSchema, responseDescription: 'ファイル' }),
      (c) => {
        const id = Number(c.req.valid('param').id);
        const file = reader.files(list.kind).find((f) => f.id === id);
        if (!file) throw notFoundError();
        return c.json(file, 200);
      },
    );
    const fileRowsQuery = z.object({ [list.param]: labelled('ファイルID', z.string().regex(/^\d{1,12}$/)), page: pageParam });
    const rowsRoute = readRoute(`/api/v2/admin/${list.rows}`, {
      summary: `${list.summary.replace('一覧', '')}の行 (ファイルの行番号と値)`,
      tags,
      query: fileRowsQuery,
      response: z.array(z.record(z.string(), z.unknown())),
      responseDescription: 'ファイルの行',
      headers: listHeaders,
    });
    // A table that also answers a code's published rows takes either the file or the code.
    if (TABLES[list.rows]) continue;
    app.openapi(rowsRoute, (c) => {
      const q = c.req.valid('query') as Record<string, string | undefined>;
      return c.json(fileRowsPage(c, list.kind, Number(q[list.param]), q.page), 200);
    });
  }

  const fileRowsPage = (c: { header: (name: string, value: string) => void }, kind: PublishedFileKind, id: number, pageText: string | undefined) => {
    const rows = reader.fileRows(kind, id);
    if (!rows) throw notFoundError();
    const shown = page(c, rows, pageText).map((row) => ({ line: row.line, ...row.values }));
    return kind === 'medis_gs1' ? withHotCodes(rows, shown) : shown;
  };

  for (const [name, table] of Object.entries(TABLES)) {
    const fileList = Object.values(FILE_LISTS).find((l) => l.rows === name);
    const query = fileList ? RowQuery.extend({ [fileList.param]: labelled('ファイルID', z.string().regex(/^\d{1,12}$/).optional()) }) : RowQuery;
    const route = readRoute(`/api/v2/admin/${name}`, {
      summary: `${table.summary}${fileList ? ` (${fileList.param} でファイルの行)` : ''}`,
      tags,
      query,
      response: z.array(z.record(z.string(), z.unknown())),
      responseDescription: table.summary,
      headers: listHeaders,
    });
    app.openapi(route, (c) => {
      const q = c.req.valid('query') as z.infer<typeof RowQuery> & Record<string, string | undefined>;
      const fileId = fileList ? q[fileList.param] : undefined;
      if (fileList && fileId !== undefined) {
        if (q.hot_code || q.receipt_code || q.yj_code) throw validationError({ hot_code: [ROW_KEY_REQUIRED] });
        return c.json(fileRowsPage(c, fileList.kind, Number(fileId), q.page), 200);
      }
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
