/**
 * Password change messages (spec sections 5 and 8). The server's English strength error is shown
 * in Japanese with the policy; every other server message is shown as received.
 */
export const PASSWORD_POLICY_HINT = '8文字以上で、大文字・小文字・数字を含めてください。使える記号は !@#$%^&* です。';

export const PASSWORD_MISMATCH_MESSAGE = '2つの入力値が異なります。';

export const PASSWORD_CHANGED_MESSAGE = 'パスワードが変更されました。';

import { PASSWORD_STRENGTH_ERROR } from '../contract';

export { PASSWORD_STRENGTH_ERROR };

export const PASSWORD_STRENGTH_MESSAGE = 'パスワードは、8文字以上、大文字小文字数字を全て使ってください。記号は「!@#$%^&*」が使えます。';

/** One server message in the words the user sees. */
export const translatePasswordMessage = (message: string): string =>
  message.trim() === PASSWORD_STRENGTH_ERROR ? PASSWORD_STRENGTH_MESSAGE : message;

/** The server's messages, translated, without blanks or repeats. */
export const translatePasswordMessages = (messages: readonly string[]): string[] => [
  ...new Set(messages.map(translatePasswordMessage).filter((message) => message.trim() !== '')),
];
