import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import LoginPage from '../../src/customRoutes/login/LoginPage';
import { createReturnPathStore, RETURN_PATH_STORAGE_KEY } from '../../src/authProvider/returnPath';
import { createMemoryStorage } from '../../src/lib/memoryStorage';
import { renderWithAdmin, testRuntime } from './renderWithAdmin';

const authProviderWith = (login: AuthProvider['login']): AuthProvider => ({
  login: vi.fn(login),
  logout: vi.fn(async () => {}),
  checkAuth: vi.fn(async () => Promise.reject(new Error('signed out'))),
  checkError: vi.fn(async () => {}),
  getPermissions: vi.fn(async () => ({})),
});

const renderLogin = (authProvider: AuthProvider) =>
  renderWithAdmin(<LoginPage />, { authProvider, initialEntries: ['/login'] });

describe('LoginPage', () => {
  it('names the environment it signs in to', () => {
    renderWithAdmin(<LoginPage />, { authProvider: authProviderWith(async () => {}), runtime: testRuntime({ label: 'デモ環境' }) });
    expect(screen.getByText('デモ環境にログイン')).toBeInTheDocument();
  });

  it('offers the environment switcher, so going to the other environment costs one sign-in', async () => {
    const runtime = testRuntime();
    runtime.config.environments = [runtime.environment, { ...runtime.environment, key: 'demo', label: 'デモ環境' }];
    renderWithAdmin(<LoginPage />, { authProvider: authProviderWith(async () => {}), runtime, initialEntries: ['/login'] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: '接続先 本番環境' }));
    await user.click(await screen.findByRole('option', { name: 'デモ環境' }));
    expect(runtime.switchEnvironment).toHaveBeenCalledWith('demo');
    expect(document.title).toBe('ログイン | CS portal');
  });

  it('asks for both fields on an empty submit and does not call login', async () => {
    const authProvider = authProviderWith(async () => {});
    renderLogin(authProvider);
    const user = userEvent.setup();
    expect(screen.queryByText('メールアドレスを入力してください')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(screen.getByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
    expect(authProvider.login).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/メールアドレス/), 'staff@example.test');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(screen.queryByText('メールアドレスを入力してください')).not.toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
    expect(authProvider.login).not.toHaveBeenCalled();
  });

  /** Signs in with a password the provider refuses; what the test goes on with. */
  const signInRefused = async () => {
    const authProvider = authProviderWith(async () => {
      throw new Error('メールアドレスまたはパスワードが正しくありません。');
    });
    renderLogin(authProvider);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/メールアドレス/), 'staff@example.test');
    const password = screen.getByLabelText(/パスワード/) as HTMLInputElement;
    await user.type(password, 'wrong-password');
    // The pressed button is disabled while the login runs, which drops its focus in a browser.
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    return { authProvider, user, password };
  };

  it('shows why a login was rejected', async () => {
    const { authProvider } = await signInRefused();
    expect(await screen.findByRole('alert')).toHaveTextContent('メールアドレスまたはパスワードが正しくありません。');
    expect(authProvider.login).toHaveBeenCalledWith({ username: 'staff@example.test', password: 'wrong-password' });
    // The button is usable again for the next try.
    expect(screen.getByRole('button', { name: 'ログイン' })).toBeEnabled();
  });

  it('after a rejected login, puts the focus back on the password, selected, and keeps the e-mail', async () => {
    const { authProvider, user, password } = await signInRefused();
    await screen.findByRole('alert');
    expect(password).toHaveFocus();
    expect(screen.getByLabelText(/メールアドレス/)).toHaveValue('staff@example.test');
    // Typing replaces the wrong password rather than adding to it.
    await user.keyboard('right-password');
    expect(password).toHaveValue('right-password');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(authProvider.login).toHaveBeenLastCalledWith({ username: 'staff@example.test', password: 'right-password' }));
  });

  describe('returns to the page asked for (issue 40 item 7)', () => {
    /** Where the router is once the login page has sent the user on. */
    const Arrived = () => {
      const { pathname, search, hash } = useLocation();
      return <p data-testid="arrived">{`${pathname}${search}${hash}`}</p>;
    };
    const renderRoundTrip = (authProvider: AuthProvider, remembered: string | undefined, runtime = testRuntime()) => {
      const storage = createMemoryStorage(remembered === undefined ? {} : { [RETURN_PATH_STORAGE_KEY]: remembered });
      renderWithAdmin(
        <Routes>
          <Route path="/login" element={<LoginPage returnPaths={createReturnPathStore(storage)} />} />
          <Route path="*" element={<Arrived />} />
        </Routes>,
        { authProvider, initialEntries: ['/login'], runtime },
      );
      return storage;
    };
    const signIn = async () => {
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/メールアドレス/), 'staff@example.test');
      await user.type(screen.getByLabelText(/パスワード/), 'right-password');
      await user.click(screen.getByRole('button', { name: 'ログイン' }));
    };

    it('signs in to the deep link that sent the user here, query and hash included, then forgets it', async () => {
      const storage = renderRoundTrip(authProviderWith(async () => {}), '/v2/core/pharmacies/12/edit?tab=1#memo');
      await signIn();
      expect(await screen.findByTestId('arrived')).toHaveTextContent('/v2/core/pharmacies/12/edit?tab=1#memo');
      expect(storage.getItem(RETURN_PATH_STORAGE_KEY)).toBeNull();
    });

    it('goes home when nothing was remembered, or what was is not one of ours', async () => {
      renderRoundTrip(authProviderWith(async () => {}), '//evil.example/v2/core/pharmacies');
      await signIn();
      expect(await screen.findByTestId('arrived')).toHaveTextContent(/^\/$/);
    });

    it('a signed-in user who opens /login goes on to the remembered page', async () => {
      renderRoundTrip({ ...authProviderWith(async () => {}), checkAuth: async () => undefined }, '/v2/core/companies?page=2');
      expect(await screen.findByTestId('arrived')).toHaveTextContent('/v2/core/companies?page=2');
    });

    it('redirect mode: hands the page to the identity provider, and the callback lands on it', async () => {
      const redirect = testRuntime({ auth: { ...testRuntime().environment.auth, mode: 'redirect' } });
      const authProvider = authProviderWith(() => new Promise<never>(() => undefined));
      renderRoundTrip(authProvider, '/v2/core/pharmacies/12/edit', redirect);
      await userEvent.setup().click(screen.getByRole('button', { name: 'ログイン' }));
      expect(authProvider.login).toHaveBeenCalledWith({ returnTo: '/v2/core/pharmacies/12/edit' });
    });

    it('redirect mode: back from the identity provider, goes where appState says', async () => {
      const redirect = testRuntime({ auth: { ...testRuntime().environment.auth, mode: 'redirect' } });
      window.history.replaceState(null, '', '/login?code=abc&state=xyz');
      try {
        const authProvider = { ...authProviderWith(async () => {}), handleCallback: vi.fn(async () => ({ redirectTo: '/v2/core/pharmacies/12/edit#memo' })) };
        renderRoundTrip(authProvider, undefined, redirect);
        expect(await screen.findByTestId('arrived')).toHaveTextContent('/v2/core/pharmacies/12/edit#memo');
      } finally {
        window.history.replaceState(null, '', '/');
      }
    });
  });
});
