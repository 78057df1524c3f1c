import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import ChangePasswordDialog from '../../src/layout/ChangePasswordDialog';
import { createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const setup = (send = createSendMock()) => {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = renderWithAdmin(
    <>
      <ChangePasswordDialog open onClose={onClose} />
      <Notification />
    </>,
    {
    dataProvider: createTestDataProvider({ send }),
  });
  const dialog = screen.getByRole('dialog', { name: 'パスワード変更' });
  const current = within(dialog).getByLabelText(/^現在のパスワード\s*\*?$/);
  const first = within(dialog).getByLabelText(/^新しいパスワード\s*\*?$/);
  const second = within(dialog).getByLabelText(/^新しいパスワード（確認）/);
  const submit = within(dialog).getByRole('button', { name: '変更する' });
  return { ...view, send, onClose, user, dialog, current, first, second, submit };
};

const rejection = (messages: string[]) => new HttpError(messages.join('\n'), 422, { messages, errors: {} });

/** react-admin logs every rejected data provider call; expected rejections need not fill the output. */
const quietRejections = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('ChangePasswordDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the password policy', () => {
    const { dialog } = setup();
    expect(within(dialog).getByText('8文字以上で、大文字・小文字・数字を含めてください。使える記号は !@#$%^&* です。')).toBeInTheDocument();
  });

  it('disables 変更する until the current password and both new entries are filled and equal', async () => {
    const { user, current, first, second, submit, dialog } = setup();
    expect(submit).toBeDisabled();
    await user.type(current, 'Old12345');
    expect(submit).toBeDisabled();
    await user.type(first, 'Secret123!');
    expect(submit).toBeDisabled();
    expect(within(dialog).queryByText('2つの入力値が異なります。')).not.toBeInTheDocument();
    await user.type(second, 'Secret123');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('2つの入力値が異なります。')).toBeInTheDocument();
    await user.type(second, '!');
    expect(submit).toBeEnabled();
    expect(within(dialog).queryByText('2つの入力値が異なります。')).not.toBeInTheDocument();
    await user.clear(first);
    expect(submit).toBeDisabled();
    await user.type(first, 'Secret123!');
    expect(submit).toBeEnabled();
    await user.clear(current);
    expect(submit).toBeDisabled();
  });

  it('asks for the current password first, focused, typed as a password', () => {
    const { current, first, dialog } = setup();
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    const fields = within(dialog).getAllByLabelText(/パスワード/, { selector: 'input' });
    expect(fields.indexOf(current)).toBeLessThan(fields.indexOf(first));
  });

  it('posts the current password and both entries, then closes with its fields emptied and says so (issue 40)', async () => {
    const { user, current, first, second, submit, send, onClose } = setup();
    await user.type(current, 'Old12345');
    await user.type(first, 'Secret123!');
    await user.type(second, 'Secret123!');
    await user.click(submit);
    expect(await screen.findByText('パスワードが変更されました。')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    // Nothing typed stays: had the parent kept the dialog, its fields would be empty.
    expect([current, first, second].map((input) => (input as HTMLInputElement).value)).toEqual(['', '', '']);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      method: 'POST',
      path: '/api/v2/core/common/users/change_password',
      body: { currentPassword: 'Old12345', newPassword: 'Secret123!', newPasswordAgain: 'Secret123!' },
    });
  });

  it('disables 変更する while the request is in flight', async () => {
    let resolve: () => void = () => {};
    const send = createSendMock();
    send.mockImplementation(
      () => new Promise((done) => (resolve = () => done({ status: 204, headers: new Headers(), json: undefined }))),
    );
    const { user, current, first, second, submit } = setup(send);
    await user.type(current, 'Old12345');
    await user.type(first, 'Secret123!');
    await user.type(second, 'Secret123!');
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    resolve();
    await screen.findByText('パスワードが変更されました。');
  });

  it('lists the server messages, the strength error in Japanese, and clears them when the first entry changes', async () => {
    quietRejections();
    const send = createSendMock();
    send.mockRejectedValue(rejection(['PasswordStrengthError: Password is too weak', 'ほかのエラー']));
    const { user, current, first, second, submit, dialog } = setup(send);
    await user.type(current, 'Old12345');
    await user.type(first, 'weak');
    await user.type(second, 'weak');
    await user.click(submit);
    const list = await within(dialog).findByRole('alert', { name: 'エラー' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'パスワードは、8文字以上、大文字小文字数字を全て使ってください。記号は「!@#$%^&*」が使えます。',
      'ほかのエラー',
    ]);
    expect(within(dialog).queryByText('パスワードが変更されました。')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/PasswordStrengthError/)).not.toBeInTheDocument();

    await user.type(second, 'x');
    expect(within(dialog).getByRole('alert', { name: 'エラー' })).toBeInTheDocument();
    await user.type(first, 'x');
    expect(within(dialog).queryByRole('alert', { name: 'エラー' })).not.toBeInTheDocument();
  });

  it('resets the entries and messages when closed', async () => {
    quietRejections();
    const send = createSendMock();
    send.mockRejectedValue(rejection(['サーバーエラー']));
    const { user, current, first, second, submit, dialog, onClose } = setup(send);
    await user.type(current, 'Old12345');
    await user.type(first, 'Secret123!');
    await user.type(second, 'Secret123!');
    await user.click(submit);
    await within(dialog).findByText('サーバーエラー');

    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // The menu keeps the dialog mounted in some layouts: its state must be clean either way.
    expect(current).toHaveValue('');
    expect(first).toHaveValue('');
    expect(second).toHaveValue('');
    expect(within(dialog).queryByText('サーバーエラー')).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('shows the server\'s refusal of a wrong current password', async () => {
    quietRejections();
    const send = createSendMock();
    send.mockRejectedValue(rejection(['現在のパスワードが正しくありません。']));
    const { user, current, first, second, submit, dialog } = setup(send);
    await user.type(current, 'Wrong1234');
    await user.type(first, 'Secret123!');
    await user.type(second, 'Secret123!');
    await user.click(submit);
    const list = await within(dialog).findByRole('alert', { name: 'エラー' });
    expect(list).toHaveTextContent('現在のパスワードが正しくありません。');
    await user.type(current, 'x');
    expect(within(dialog).queryByRole('alert', { name: 'エラー' })).not.toBeInTheDocument();
  });
});
