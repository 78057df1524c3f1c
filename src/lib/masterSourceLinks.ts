/** The index's links (spec section 2), in the spec's order, and the code detail routes. */
const BASE = '/v2/core/master_sources';

export const MASTER_SOURCE_LINKS: readonly { label: string; to: string }[] = [
  { label: '更新依頼', to: `${BASE}/stockable_item_import_requests` },
  { label: 'HOTコードマスターファイル一覧', to: `${BASE}/medis_bases` },
  { label: 'オプションファイル一覧', to: `${BASE}/medis_options` },
  { label: 'GS1対応表一覧', to: `${BASE}/medis_gs1s` },
  { label: '医療保険マスターファイル一覧', to: `${BASE}/iryohokens` },
  { label: '在庫品目の手動登録（在庫品目補正）', to: `${BASE}/stockable_item_fixtures` },
  { label: '発注品目の手動登録（発注品目補正）', to: `${BASE}/orderable_item_fixtures` },
  { label: '不明な納品', to: `${BASE}/unknown_sdcvan_delivery_d_records` },
  { label: '在庫品目マスター検索', to: `${BASE}/stockable_items` },
];

export type CodeKind = 'hot_codes' | 'receipt_codes';

const CODE_PATTERNS: Record<CodeKind, RegExp> = { hot_codes: /^(\d{9}|\d{13})$/, receipt_codes: /^\d{9}$/ };

/** The detail route of a typed code (full-width digits and spaces forgiven), or undefined when it cannot be one. */
export const codeRoute = (kind: CodeKind, typed: string): string | undefined => {
  const code = typed.normalize('NFKC').replace(/\s/g, '');
  return CODE_PATTERNS[kind].test(code) ? `${BASE}/${kind}/${code}` : undefined;
};
