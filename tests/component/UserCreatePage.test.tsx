import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { HttpError } from 'react-admin';
import UserCreatePage, { pharmacyIdFromSearch } from '../../src/resources/users/UserCreatePage';
import { loginInfoText } from '../../src/resources/users/loginInfo';
import { users } from '../../src/resources/users';
import { TEXTS } from '../../src/i18n/texts';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const created = { id: 42, email: 'shinjin@example.com', password: 'Xy7!abcdEFGH2k' };

const renderPage = (path: string, createUser = vi.fn(async () => created)) => {
  const dataProvider = { ...createTestDataProvider({ getList: async () => ({ data: [], total: 0 }) }), createUser };
  renderWithAdmin(
    <Routes>
      <Route path="/v2/core/users/new/*" element={<UserCreatePage />} />
      <Route path="/v2/core/users/:id" element={<p>ユーザー詳細画面</p>} />
    </Routes>,
    { dataProvider, resource: users.name, initialEntries: [path] },
  );
  return { createUser, user: userEvent.setup() };
};

describe('UserCreatePage', () => {
  it('/new opens the pharmacy user tab, whose permission starts at write', async () => {
    renderPage('/v2/core/users/new');
    expect(await screen.findByRole('tab', { name: '薬局ユーザー', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '管理ユーザー', selected: false })).toBeInTheDocument();
    expect(screen.getByLabelText('編集可')).toBeChecked();
    expect(screen.getByLabelText('閲覧のみ')).not.toBeChecked();
    expect(screen.getByLabelText(/薬局/, { selector: 'input[role="combobox"]' })).toBeInTheDocument();
  });

  it('creates an admin user once however fast the clicks, then shows the login information to copy and the detail link', async () => {
    let finish: (value: typeof created) => void = () => undefined;
    const createUser = vi.fn(() => new Promise<typeof created>((resolve) => (finish = resolve)));
    const { user } = renderPage('/v2/core/users/new/admin', createUser);
    await user.type(await screen.findByLabelText('名前 *'), '新人 管理');
    await user.type(screen.getByLabelText('メールアドレス *'), created.email);
    const submit = screen.getByRole('button', { name: '新規作成' });
    await user.dblClick(submit);
    // Disabled while the save is in flight: a third click cannot even land.
    expect(submit).toBeDisabled();
    await waitFor(() => expect(createUser).toHaveBeenCalledTimes(1));
    expect(createUser).toHaveBeenCalledWith({ role: 'admin', name: '新人 管理', email: created.email });
    finish(created);

    const dialog = await screen.findByRole('dialog', { name: 'ログイン情報' });
    expect(screen.getByTestId('login-email')).toHaveTextContent(created.email);
    expect(screen.getByTestId('login-password')).toHaveTextContent(created.password);
    expect(createUser).toHaveBeenCalledTimes(1);
    // Escape does not close it: the password would be lost.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'コピー' }));
    expect(await screen.findByRole('button', { name: TEXTS.copied })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(loginInfoText(created));
    await user.click(screen.getByRole('link', { name: 'ユーザー詳細へ' }));
    expect(await screen.findByText('ユーザー詳細画面')).toBeInTheDocument();
  });

  it('asks before leaving the login information when the password was not copied', async () => {
    const { user } = renderPage('/v2/core/users/new/admin');
    await user.type(await screen.findByLabelText('名前 *'), '新人 管理');
    await user.type(screen.getByLabelText('メールアドレス *'), created.email);
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    await user.click(await screen.findByRole('link', { name: 'ユーザー詳細へ' }));
    expect(await screen.findByText('初期パスワードをまだコピーしていません')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(screen.getByTestId('login-password')).toHaveTextContent(created.password);
    await waitFor(() => expect(screen.queryByText('初期パスワードをまだコピーしていません')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('link', { name: 'ユーザー詳細へ' }));
    await user.click(await screen.findByRole('button', { name: 'コピーせずに移動' }));
    expect(await screen.findByText('ユーザー詳細画面')).toBeInTheDocument();
  });

  it('lists the server errors in red and keeps what was typed', async () => {
    const createUser = vi.fn(async () => {
      throw new HttpError('x', 422, { messages: ['このメールアドレスはすでに登録されています。'], errors: { email: 'このメールアドレスはすでに登録されています。' } });
    });
    const { user } = renderPage('/v2/core/users/new/admin', createUser);
    await user.type(await screen.findByLabelText('名前 *'), '重複 太郎');
    await user.type(screen.getByLabelText('メールアドレス *'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    expect(await screen.findByTestId('server-errors')).toHaveTextContent('このメールアドレスはすでに登録されています。');
    expect(screen.getByLabelText('名前 *')).toHaveValue('重複 太郎');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before switching tabs with unsaved input, and keeps it on キャンセル', async () => {
    const { user } = renderPage('/v2/core/users/new/pharmacy');
    await user.type(await screen.findByLabelText('名前 *'), '入力途中');
    await user.click(screen.getByRole('tab', { name: '管理ユーザー' }));
    expect(await screen.findByText('保存していない変更があります')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: '薬局ユーザー', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('名前 *')).toHaveValue('入力途中');
  });

  it('?pharmacyId= preselects the pharmacy and sends it; a malformed one is ignored', async () => {
    const getMany = vi.fn(async () => ({ data: [{ id: 12, name: 'さくら薬局 渋谷店' }] }));
    const createUser = vi.fn(async () => created);
    const dataProvider = { ...createTestDataProvider({ getList: async () => ({ data: [], total: 0 }), getMany: getMany as never }), createUser };
    renderWithAdmin(
      <Routes>
        <Route path="/v2/core/users/new/*" element={<UserCreatePage />} />
      </Routes>,
      { dataProvider, resource: users.name, initialEntries: ['/v2/core/users/new/pharmacy?pharmacyId=12'] },
    );
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /薬局/ })).toHaveValue('さくら薬局 渋谷店（ID: 12）'));
    await user.type(screen.getByLabelText('名前 *'), '渋谷 花');
    await user.type(screen.getByLabelText('メールアドレス *'), 'shibuya@pharmacy.example.jp');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    await waitFor(() =>
      expect(createUser).toHaveBeenCalledWith({ role: 'pharmacy', name: '渋谷 花', email: 'shibuya@pharmacy.example.jp', pharmacyId: 12, permission: 'write' }),
    );
    for (const bad of [null, '', '0', '-1', '1.5', '12abc', '1'.repeat(11)]) expect(pharmacyIdFromSearch(bad), String(bad)).toBeUndefined();
  });

  it('checks the required fields before calling the server', async () => {
    const { user, createUser } = renderPage('/v2/core/users/new/pharmacy');
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    // Full sentences, as the API and every other form write them (issue 23), not react-admin's bare 「必須」.
    expect(await screen.findByText('名前を入力してください。')).toBeInTheDocument();
    expect(screen.getByText('メールアドレスを入力してください。')).toBeInTheDocument();
    expect(screen.getByText('薬局を選択してください。')).toBeInTheDocument();
    expect(screen.queryByText('必須')).toBeNull();
    expect(createUser).not.toHaveBeenCalled();
  });

  it('checks the API’s length and e-mail rules before calling the server, with its messages', async () => {
    const { user, createUser } = renderPage('/v2/core/users/new/admin');
    await user.type(await screen.findByLabelText('名前 *'), '長'.repeat(101));
    await user.type(screen.getByLabelText('メールアドレス *'), 'tanaka@pharmacy');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    expect(await screen.findByText('名前は100文字以内で入力してください。')).toBeInTheDocument();
    expect(screen.getByText('メールアドレスの形式が正しくありません。')).toBeInTheDocument();
    expect(createUser).not.toHaveBeenCalled();
    // What was typed stays; one character less and a full address go.
    await user.type(screen.getByLabelText('名前 *'), '{Backspace}');
    await user.type(screen.getByLabelText('メールアドレス *'), '.example.jp');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    await waitFor(() => expect(createUser).toHaveBeenCalledWith({ role: 'admin', name: '長'.repeat(100), email: 'tanaka@pharmacy.example.jp' }));
  });
});
