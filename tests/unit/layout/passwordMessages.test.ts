import { describe, expect, it } from 'vitest';
import {
  PASSWORD_STRENGTH_MESSAGE,
  translatePasswordMessage,
  translatePasswordMessages,
} from '../../../src/layout/passwordMessages';

describe('translatePasswordMessage', () => {
  it('shows the strength error in Japanese with the policy', () => {
    expect(translatePasswordMessage('PasswordStrengthError: Password is too weak')).toBe(
      'パスワードは、8文字以上、大文字小文字数字を全て使ってください。記号は「!@#$%^&*」が使えます。',
    );
    expect(translatePasswordMessage('  PasswordStrengthError: Password is too weak\n')).toBe(PASSWORD_STRENGTH_MESSAGE);
  });

  it('shows other messages as received', () => {
    expect(translatePasswordMessage('パスワードが一致しません')).toBe('パスワードが一致しません');
    expect(translatePasswordMessage('PasswordHistoryError: Password has previously been used')).toBe(
      'PasswordHistoryError: Password has previously been used',
    );
  });
});

describe('translatePasswordMessages', () => {
  it('translates each message and drops blanks and repeats', () => {
    expect(
      translatePasswordMessages(['PasswordStrengthError: Password is too weak', '', 'その他のエラー', 'その他のエラー']),
    ).toEqual([PASSWORD_STRENGTH_MESSAGE, 'その他のエラー']);
  });
});
