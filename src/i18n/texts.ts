/**
 * The spec's fixed Japanese texts (sections 2, 5 and 8), verbatim. Screens and the i18n
 * messages use these constants, and tests import them, so a wording change is made once.
 */
export const TEXTS = {
  created: '新規作成しました。',
  updated: '更新成功しました。',
  confirmDelete: '削除しますが、本当によろしいですか？',
  passwordsDiffer: '2つの入力値が異なります。',
  passwordChanged: 'パスワードが変更されました。',
  passwordTooWeak: 'パスワードは、8文字以上、大文字小文字数字を全て使ってください。記号は「!@#$%^&*」が使えます。',
  missingRole: 'userRoleが見つかりません。',
  noUsers: 'ユーザが見つかりません',
  noGroups: '近隣グループが見つかりません',
  noFixture: '登録はありません',
  member: '所属中',
  added: '追加しました',
  jobStarted: 'ジョブを実行しました。',
  jobFailed: 'ジョブ実行が失敗しました。',
  messageFailed: 'メッセージ送信でエラーが発生しました。',
  licenceExpiryFromToday: '本日以降で指定',
  copied: 'コピーしました',
} as const;

/** What a record's page says when the record does not exist (an old link). */
export const recordMissing = (recordLabel: string) => `この${recordLabel}は存在しません。削除されたか、URLが間違っています。`;
