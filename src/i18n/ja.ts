import { TEXTS } from './texts';

/** The portal's own Japanese strings, beside react-admin's (src/i18n/index.ts merges them). */
export const appMessages = {
  app: {
    title: 'CS portal',
    version: 'バージョン %{version}',
    environment: '接続先',
    breadcrumb: { home: 'ホーム', new: '新規作成', edit: '編集' },
    list: { total: '全 %{count} 件', create: '新規作成' },
    form: { create: '新規作成', save: '保存', cancel: 'キャンセル', serverErrors: '保存できませんでした' },
    // unchanged: a save of a form that holds no change sends nothing and says so (issue 40 item 3).
    notification: { created: TEXTS.created, updated: TEXTS.updated, unchanged: '変更はありません' },
    confirm: { delete: TEXTS.confirmDelete },
  },
  ra: {
    // The Japanese pack lacks these; react-admin would fall back to English.
    // A sentence, as every other message; forms name the field with requiredRule (src/app/inputs/requiredRule.ts).
    validation: { unique: 'すでに使われています', required: '入力してください。' },
    guesser: { empty: { title: '表示するデータがありません', message: 'データがないため表示を推測できません' } },
  },
};
