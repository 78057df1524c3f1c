import { AUDIT_SHAPE_FIELDS, defineMasterShape } from '../masterShape';

/** The longest reply: the inquiry message's own limit, so a reply always fits in a message. */
export const SAVED_REPLY_BODY_MAX = 5000;

/** A shortcut is typed after 「/」 in the message box: half-width letters, digits, - and _. */
export const SAVED_REPLY_SHORTCUT = /^[a-z0-9_-]+$/;

export const SAVED_REPLY_MESSAGES = {
  shortcut: 'ショートカットは半角英小文字・数字・-・_ で入力してください。',
  duplicateShortcut: 'そのショートカットはすでに使われています。',
} as const;

/**
 * Saved replies (定型文, issue 25 part 3): the shared canned answers staff insert into an inquiry
 * message, with placeholders such as {薬局名}. The spec has no such call; the reference API adds
 * `/api/v2/core/admin/saved_replies` in the core's admin style (see docs/ARCHITECTURE.md).
 */
export const SAVED_REPLY_SHAPE = defineMasterShape({
  label: '定型文',
  api: '/api/v2/core/admin/saved_replies',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    title: { type: 'text', label: 'タイトル', sortable: true, write: { required: true, maxLength: 100 } },
    shortcut: {
      type: 'text',
      label: 'ショートカット',
      sortable: true,
      write: { required: true, maxLength: 30, pattern: { regex: SAVED_REPLY_SHORTCUT, message: SAVED_REPLY_MESSAGES.shortcut, example: 'thanks' }, unique: { message: SAVED_REPLY_MESSAGES.duplicateShortcut } },
    },
    body: { type: 'longText', label: '本文', write: { required: true, maxLength: SAVED_REPLY_BODY_MAX } },
    ...AUDIT_SHAPE_FIELDS,
  },
  defaultSort: 'shortcut',
  // A 1-2 character term (a shortcut's start) searches shortcut and title.
  search: { fields: ['shortcut', 'title', 'body'], short: ['shortcut', 'title'], label: 'タイトル・本文で検索' },
  requires: 'savedReplies',
  screen: { menu: { section: 'core', order: 2 }, columns: ['shortcut', 'title', 'updatedAt', 'updatedBy'] },
  // The replies a support desk starts with; {薬局名} and {担当者名} are filled in when inserted.
  samples: [
    {
      shortcut: 'thanks',
      title: 'お問い合わせへのお礼',
      body: '{薬局名} ご担当者様\n\nお問い合わせいただきありがとうございます。CSサポートの{担当者名}です。\n確認のうえ、改めてご連絡いたします。',
    },
    {
      shortcut: 'nsips',
      title: 'NSIPS連携が止まっているとき',
      body: '{薬局名} ご担当者様\n\nNSIPS連携の状況を確認いたします。お手数ですが、レセコン側の出力フォルダの設定と、連携用PCの電源が入っていることをご確認ください。\n\nCSサポート {担当者名}',
    },
    {
      shortcut: 'password',
      title: 'パスワード再設定のご案内',
      body: '{薬局名} ご担当者様\n\nログイン画面の「パスワードをお忘れの方」から再設定のメールをお送りできます。届かない場合はこのチャットでお知らせください。\n\nCSサポート {担当者名}',
    },
    {
      shortcut: 'close',
      title: '解決の確認とクローズ',
      body: 'ご確認ありがとうございました。本件はこれで解決とさせていただきます。ほかにご不明な点がございましたら、いつでもお問い合わせください。\n\nCSサポート {担当者名}',
    },
    {
      shortcut: 'stock-fix',
      title: '在庫数の修正について',
      body: '{薬局名} ご担当者様\n\n在庫数のずれを確認し、修正いたしました。お手数ですが、画面を再読み込みして在庫数をご確認ください。\n\nCSサポート {担当者名}',
    },
  ],
});
