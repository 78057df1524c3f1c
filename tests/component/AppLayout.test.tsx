import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Title, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from '../../src/layout/AppLayout';
import { renderWithAdmin } from './renderWithAdmin';

const admin: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isAdmin: true }),
  getIdentity: async () => ({ id: 1, fullName: '管理 花子', email: 'admin@example.com' }),
};

/** A screen as every react-admin view is: it names itself with <Title>. */
const Screen = ({ title, autoFocusField }: { title: string; autoFocusField?: boolean }) => (
  <div>
    <Title title={title} />
    {autoFocusField && <input aria-label="会社名" autoFocus />}
  </div>
);

/** A screen that names itself only when its data arrives (the test says when). */
let arrive: () => void = () => {};
const LateScreen = () => {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    arrive = () => act(() => setReady(true));
  }, []);
  return ready ? <Title title="問い合わせ一覧" /> : null;
};

const renderLayout = (path = '/') =>
  renderWithAdmin(
    <AppLayout>
      <Routes>
        <Route path="/" element={<Screen title="ホーム" />} />
        <Route path="/v2/core/inquiries" element={<Screen title="問い合わせ一覧" />} />
        <Route path="/v2/core/nsipses" element={<LateScreen />} />
        <Route path="/develop/jwt" element={<Screen title="JWT" autoFocusField />} />
      </Routes>
    </AppLayout>,
    { authProvider: admin, initialEntries: [path] },
  );

describe('AppLayout', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives every screen one h1 from its <Title> and the document title 「<screen> | CS portal」', async () => {
    renderLayout('/v2/core/inquiries');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: '問い合わせ一覧' })).toBeInTheDocument();
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('問い合わせ一覧 | CS portal'));
  });

  it('moves focus to the new screen’s h1 after navigating from the sidebar', async () => {
    const user = userEvent.setup();
    renderLayout('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    await user.click(screen.getByRole('link', { name: '問い合わせ一覧' }));
    const heading = await screen.findByRole('heading', { level: 1, name: '問い合わせ一覧' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('問い合わせ一覧 | CS portal');
  });

  it('leaves focus alone once the user has moved on before a slow screen names itself', async () => {
    const user = userEvent.setup();
    renderLayout('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    const sidebar = screen.getByRole('navigation', { name: 'メインメニュー' });
    await user.click(within(sidebar).getByRole('link', { name: 'NSIPS一覧' }));
    await user.tab();
    const whereTheUserIs = document.activeElement;
    expect(whereTheUserIs).not.toBe(document.body);
    arrive();
    expect(await screen.findByRole('heading', { level: 1, name: '問い合わせ一覧' })).not.toHaveFocus();
    expect(document.activeElement).toBe(whereTheUserIs);
  });

  it('keeps the focus a screen gives itself (a form’s first field)', async () => {
    const user = userEvent.setup();
    renderLayout('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    await user.click(within(screen.getByRole('navigation', { name: 'メインメニュー' })).getByRole('link', { name: 'JWT' }));
    await screen.findByRole('heading', { level: 1, name: 'JWT' });
    await waitFor(() => expect(screen.getByLabelText('会社名')).toHaveFocus());
  });

  it('names the account button with the visible name first', async () => {
    // A desktop-wide window: react-admin shows the name on the button only from the sm breakpoint.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('min-width'), media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, onchange: null, dispatchEvent: () => false }) as MediaQueryList,
    );
    renderLayout('/');
    expect(await screen.findByRole('button', { name: '管理 花子のアカウントメニュー' })).toHaveTextContent('管理 花子');
  });

  it('names the icon-only account button in Japanese on small screens', async () => {
    renderLayout('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    expect(await screen.findByRole('button', { name: 'プロフィール' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('marks the last breadcrumb as the current page', async () => {
    renderLayout('/v2/core/inquiries');
    const crumbs = await screen.findByRole('navigation', { name: 'パンくずリスト' });
    // The crumb's text sits in a span (its width rule); the current-page mark is on the crumb.
    await waitFor(() => expect(within(crumbs).getByText('問い合わせ一覧').closest('[aria-current]')).toHaveAttribute('aria-current', 'page'));
    expect(within(crumbs).getByRole('link', { name: 'ホーム' })).not.toHaveAttribute('aria-current');
  });
});
