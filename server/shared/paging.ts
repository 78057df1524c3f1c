import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import { RANK_WINDOW, type ListSort } from '../db/list';
import { IDS_BATCH_SIZE } from '../../src/contract';
import { ApiError, notFoundError } from './errors';
import { labelled } from './validation';

export const PAGE_SIZE = 25;

/** Query parameters shared by every list endpoint. */
export const listQueryShape = {
  page: labelled(
    'ページ',
    z.string().regex(/^[1-9]\d{0,8}$/).optional().openapi({ description: 'ページ番号 (1始まり、1ページ25件)', example: '1' }),
  ),
  sort: labelled('並び順', z.string().regex(/^-?[a-z][a-z0-9_]*$/).optional().openapi({ description: `並び順: \`field\` 昇順、\`-field\` 降順。検索する一覧では \`relevance\` (検索語が名前の先頭に近いものから。仕様 7 章にない拡張) も指定できる。一致が${RANK_WINDOW.toLocaleString('ja-JP')}件を超える検索の \`relevance\` は ID の小さい先頭${RANK_WINDOW.toLocaleString('ja-JP')}件の中で並べ、その先のページ (${RANK_WINDOW / PAGE_SIZE + 1}ページ目以降) は 422` })),
  ids: labelled(
    'ID',
    z.string().regex(/^\d+(,\d+)*$/).optional().openapi({ description: 'カンマ区切りのID (最大100件、ページングなし)', example: '1,2,3' }),
  ),
  fields: labelled(
    '取得項目',
    z
      .string()
      .regex(/^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$/)
      .optional()
      .openapi({ description: '返す項目 (カンマ区切り、idは常に含む)', example: 'id,name' }),
  ),
};

/** Whitelisted sort: `columns` maps the public field name to a SQL expression. */
export function parseSort(sort: string | undefined, fallback: string, columns: Record<string, string>): ListSort {
  const value = sort ?? fallback;
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  // Own keys only: `constructor` or `__proto__` would otherwise pass the whitelist.
  if (!Object.hasOwn(columns, field)) {
    throw new ApiError(422, [`並び順に指定できない項目です: ${field}`], { sort: [`並び順に指定できない項目です: ${field}`] });
  }
  return { expr: columns[field], desc };
}

export function parseIds(ids: string | undefined): number[] | undefined {
  if (ids === undefined) return undefined;
  const list = [...new Set(ids.split(',').map(Number))];
  if (list.length > IDS_BATCH_SIZE) {
    const msg = `IDは${IDS_BATCH_SIZE}件以内で指定してください。`;
    throw new ApiError(422, [msg], { ids: [msg] });
  }
  return list;
}

export function parsePage(page: string | undefined): number {
  return page ? Number(page) : 1;
}

/** Keeps only the requested fields (plus id) of each record; unknown names are ignored. */
export function pickFields<T extends object>(rows: readonly T[], fields: string | undefined): readonly Partial<T>[] {
  if (!fields) return rows;
  const wanted = new Set(['id', ...fields.split(',')]);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => wanted.has(k))) as Partial<T>);
}

/** Sets x-total-count, x-current-page and x-total-pages (ceil(total / 25); "0" when empty). */
export function setPagingHeaders(c: Context, result: { total: number; page: number }, pageSize = PAGE_SIZE): void {
  c.header('x-total-count', String(result.total));
  c.header('x-current-page', String(result.page));
  c.header('x-total-pages', String(Math.ceil(result.total / pageSize)));
}

/** A batch fetch by ids where none exists is a 404. */
export function assertIdsFound(ids: number[] | undefined, count: number): void {
  if (ids && count === 0) throw notFoundError();
}
