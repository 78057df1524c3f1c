import { AUDIT_SHAPE_FIELDS, defineMasterShape } from '../masterShape';

/**
 * お知らせ for pharmacies (issue 37's proof of a plain master): what the support desk tells the
 * pharmacies, shown from its 公開開始日 to its 公開終了日 while 公開 is on. Not in spec section 7:
 * the reference API adds `/api/v2/core/admin/announcements` (the `announcements` addition).
 * This file and its line in plainMasters.ts are the whole master.
 */
export const ANNOUNCEMENT_SHAPE = defineMasterShape({
  label: 'お知らせ',
  api: '/api/v2/core/admin/announcements',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    title: { type: 'text', label: 'タイトル', sortable: true, write: { required: true, maxLength: 100 } },
    body: { type: 'longText', label: '本文', write: { required: true, maxLength: 2000 } },
    startsOn: { type: 'day', label: '公開開始日', sortable: true, write: { required: true, example: '2026-12-01' } },
    endsOn: { type: 'day', label: '公開終了日', sortable: true, nullable: true, write: { example: '2026-12-31' } },
    published: { type: 'boolean', label: '公開', sortable: true, filter: { example: 'true', description: '公開 (true: 公開のみ、false: 非公開のみ、なし: すべて)' }, write: {} },
    ...AUDIT_SHAPE_FIELDS,
  },
  defaultSort: '-startsOn',
  search: { fields: ['title', 'body'], short: ['title'], label: 'タイトル・本文で検索' },
  rules: [{ field: 'endsOn', notBefore: 'startsOn' }],
  requires: 'announcements',
  screen: { menu: { section: 'pharmacyMasters', order: 6 }, columns: ['title', 'startsOn', 'endsOn', 'published', 'updatedAt'] },
  samples: [
    {
      title: '年末年始のサポート窓口休業のお知らせ',
      body: '12月29日から1月3日まで、CSサポート窓口を休業いたします。期間中のお問い合わせは1月4日以降に順次回答いたします。',
      startsOn: '2026-12-01',
      endsOn: '2027-01-04',
      published: true,
    },
    {
      title: '発注画面のメンテナンスについて',
      body: '12月13日（日）2時から5時まで、システムメンテナンスのため発注画面をご利用いただけません。',
      startsOn: '2026-12-06',
      endsOn: '2026-12-13',
      published: true,
    },
    {
      title: '令和8年度診療報酬改定に伴う薬価マスタ更新の予定',
      body: '薬価改定に合わせて医薬品マスタを更新します。更新日が決まりましたら改めてお知らせします。',
      startsOn: '2027-03-01',
      endsOn: null,
      published: false,
    },
  ],
});
