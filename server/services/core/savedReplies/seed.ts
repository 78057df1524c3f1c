import type { DB } from '../../../db/open';

/** The replies a support desk starts with; {薬局名} and {担当者名} are filled in when inserted. */
const SEED_REPLIES: readonly { shortcut: string; title: string; body: string }[] = [
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
];

/** Seeded with the migration: a fixed list, stamped at one instant, so every fresh database agrees. */
export function seedSavedReplies(db: DB): void {
  const insert = db.prepare(
    `INSERT INTO saved_replies (shortcut, title, body, created_at, updated_at, created_by, updated_by)
     VALUES (@shortcut, @title, @body, @at, @at, 'CSサポート', 'CSサポート')`,
  );
  for (const reply of SEED_REPLIES) insert.run({ ...reply, at: '2026-04-01T00:00:00.000Z' });
}
