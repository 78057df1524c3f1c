import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Title } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from '../../src/layout/AppLayout';
import { adminAuthProvider, renderWithAdmin, testEnvironment, testRuntime } from './renderWithAdmin';

const admin = adminAuthProvider({ id: 1, fullName: '管理 花子', email: 'admin@example.com' });

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

/** A window `width` px wide: MUI's breakpoint queries answer as a browser of that width would. */
const windowWidth = (width: number) =>
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, onchange: null, dispatchEvent: () => false } as MediaQueryList;
  });

const twoEnvironments = () => {
  const runtime = testRuntime();
  return { ...runtime, config: { ...runtime.config, environments: [testEnvironment, { ...testEnvironment, key: 'demo', label: 'デモ環境' }] } };
};

const renderLayout = (path = '/', runtime = testRuntime()) =>
  renderWithAdmin(
    <AppLayout>
      <Routes>
        <Route path="/" element={<Screen title="ホーム" />} />
        <Route path="/v2/core/inquiries" element={<Screen title="問い合わせ一覧" />} />
        <Route path="/v2/core/nsipses" element={<LateScreen />} />
        <Route path="/develop/jwt" element={<Screen title="JWT" autoFocusField />} />
      </Routes>
    </AppLayout>,
    { authProvider: admin, initialEntries: [path], runtime },
  );

describe('AppLayout', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('mounts without reading the window’s scroll offset: a read forces the whole new page’s layout inside the commit (issue 38)', async () => {
    const own = Object.getOwnPropertyDescriptor(window, 'pageYOffset');
    let reads = 0;
    Object.defineProperty(window, 'pageYOffset', { configurable: true, get: () => (reads += 1, 0) });
    try {
      renderLayout('/');
      expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
      // The sidebar is react-admin's drawer, its classes kept for the theme's overrides.
      const menu = screen.getByRole('navigation', { name: 'メインメニュー' });
      expect(menu.closest('.RaSidebar-fixed')).not.toBeNull();
      expect(menu.closest('.RaSidebar-docked')).not.toBeNull();
      expect(reads).toBe(0);
    } finally {
      if (own) Object.defineProperty(window, 'pageYOffset', own);
      else delete (window as { pageYOffset?: number }).pageYOffset;
    }
  });

  it('renders without reading the body’s width: react-admin’s Inspector read it in every render of the layout, forcing style and layout mid-render (issue 38)', async () => {
    const own = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
    let reads = 0;
    Object.defineProperty(document.body, 'clientWidth', { configurable: true, get: () => (reads += 1, 1024) });
    try {
      renderLayout('/');
      expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
      // The frame is react-admin's: its skip link and classes kept for the theme's overrides.
      expect(screen.getByRole('main').closest('.layout')).not.toBeNull();
      expect(document.querySelector('.RaLayout-content#main-content')).not.toBeNull();
      expect(reads).toBe(0);
    } finally {
      delete (document.body as { clientWidth?: number }).clientWidth;
      expect(Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')).toEqual(own);
    }
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

  describe('the header at any width', () => {
    it('shows the shortcuts as links on a wide screen (1280 px)', async () => {
      windowWidth(1280);
      renderLayout('/', twoEnvironments());
      const links = await screen.findByRole('navigation', { name: 'ヘッダーリンク' });
      expect(within(links).getAllByRole('link').map((link) => link.textContent)).toEqual(['JWT', '薬局情報', '発注アプリ', '共有アプリ']);
      expect(screen.queryByRole('button', { name: /^ヘッダーリンク/ })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^ジャンプ/ })).toHaveTextContent('ジャンプCtrl+K');
      expect(screen.getByRole('combobox', { name: '接続先 本番環境' })).toBeInTheDocument();
    });

    it('puts the shortcuts in a menu where they do not fit (1000 px), and they still lead to their pages', async () => {
      windowWidth(1000);
      const user = userEvent.setup();
      renderLayout('/', twoEnvironments());
      await screen.findByRole('heading', { level: 1, name: 'ホーム' });
      expect(screen.queryByRole('navigation', { name: 'ヘッダーリンク' })).not.toBeInTheDocument();
      // The switcher has room in the header at this width.
      expect(screen.getByRole('combobox', { name: '接続先 本番環境' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'ヘッダーリンク' }));
      const menu = await screen.findByRole('menu', { name: 'ヘッダーリンク' });
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['JWT', '薬局情報', '発注アプリ', '共有アプリ']);
      expect(within(menu).getByRole('menuitem', { name: '発注アプリ' })).toHaveAttribute('href', 'https://order.example.test');
      expect(within(menu).getByRole('menuitem', { name: '共有アプリ' })).toHaveAttribute('target', '_blank');
      expect(within(menu).queryByRole('menuitemradio')).not.toBeInTheDocument();
      await user.click(within(menu).getByRole('menuitem', { name: 'JWT' }));
      await screen.findByRole('heading', { level: 1, name: 'JWT' });
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    });

    it('on a phone (390 px) the jump button is its icon, named, and the menu holds the links and the environment', async () => {
      windowWidth(390);
      const user = userEvent.setup();
      const { runtime } = renderLayout('/', twoEnvironments());
      await screen.findByRole('heading', { level: 1, name: 'ホーム' });
      const jump = screen.getByRole('button', { name: 'ジャンプ' });
      expect(jump).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
      expect(jump).not.toHaveTextContent(/./);
      expect(screen.queryByRole('combobox', { name: /接続先/ })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'ヘッダーリンクと接続先' }));
      const menu = await screen.findByRole('menu', { name: 'ヘッダーリンクと接続先' });
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['JWT', '薬局情報', '発注アプリ', '共有アプリ']);
      expect(within(menu).getByRole('menuitemradio', { name: '接続先 本番環境' })).toHaveAttribute('aria-checked', 'true');
      await user.click(within(menu).getByRole('menuitemradio', { name: '接続先 デモ環境' }));
      expect(runtime.switchEnvironment).toHaveBeenCalledWith('demo');
    });

    it('on a phone with one environment the menu holds the links only', async () => {
      windowWidth(390);
      const user = userEvent.setup();
      renderLayout('/');
      await screen.findByRole('heading', { level: 1, name: 'ホーム' });
      await user.click(screen.getByRole('button', { name: 'ヘッダーリンク' }));
      const menu = await screen.findByRole('menu', { name: 'ヘッダーリンク' });
      expect(within(menu).getAllByRole('menuitem')).toHaveLength(4);
      expect(within(menu).queryByRole('menuitemradio')).not.toBeInTheDocument();
    });
  });

  it('gives each breadcrumb its full text as a tooltip, for when it is shortened', async () => {
    renderLayout('/v2/core/inquiries');
    const crumbs = await screen.findByRole('navigation', { name: 'パンくずリスト' });
    expect(within(crumbs).getByRole('link', { name: 'ホーム' }).querySelector('[title]')).toHaveAttribute('title', 'ホーム');
    expect(within(crumbs).getByText('問い合わせ一覧')).toHaveAttribute('title', '問い合わせ一覧');
  });
});
