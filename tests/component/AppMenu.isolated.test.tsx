import { useEffect, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSidebarState } from 'react-admin';
import { AppMenu } from '../../src/layout/AppMenu';
import { renderWithAdmin, testRuntime } from './renderWithAdmin';

/** Every entry draws one link through react-admin's LinkBase: counting them counts the entries drawn. */
const links = vi.hoisted(() => ({ drawn: 0 }));
vi.mock('react-admin', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-admin')>();
  const CountedLinkBase = (props: ComponentProps<typeof actual.LinkBase>) => {
    links.drawn += 1;
    return <actual.LinkBase {...props} />;
  };
  return { ...actual, LinkBase: CountedLinkBase };
});

const Minimised = () => {
  const [, setOpen] = useSidebarState();
  useEffect(() => setOpen(false), [setOpen]);
  return null;
};

const nav = () => screen.getByRole('navigation', { name: 'メインメニュー' });

describe('AppMenu (the sidebar)', () => {
  it('is navigation with lists and links, not an ARIA menu', () => {
    renderWithAdmin(<AppMenu />);
    expect(within(nav()).queryAllByRole('menu')).toHaveLength(0);
    expect(within(nav()).queryAllByRole('menuitem')).toHaveLength(0);
    expect(within(nav()).getByRole('link', { name: '問い合わせ一覧' })).toHaveAttribute('href', '/v2/core/inquiries');
    // Every list item sits in a list (no stray <li> for the section headings).
    for (const item of nav().querySelectorAll('li')) expect(item.parentElement?.tagName).toBe('UL');
    expect(within(nav()).getByRole('list', { name: 'Core V2' })).toBeInTheDocument();
    expect(within(nav()).getByRole('list', { name: '開発者' })).toBeInTheDocument();
  });

  it('lists 定型文 only where the environment has saved replies (an addition beyond the spec)', () => {
    const { unmount } = renderWithAdmin(<AppMenu />);
    expect(within(nav()).getByRole('link', { name: '定型文一覧' })).toHaveAttribute('href', '/v2/core/saved_replies');
    unmount();
    renderWithAdmin(<AppMenu />, { runtime: testRuntime({ capabilities: [] }) });
    expect(within(nav()).queryByRole('link', { name: '定型文一覧' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: '問い合わせ一覧' })).toBeInTheDocument();
  });

  it('marks the current screen with aria-current="page", also on its records, and opens its dropdown', () => {
    renderWithAdmin(<AppMenu />, { initialEntries: ['/v2/core/companies/12/edit'] });
    const current = within(nav()).getByRole('link', { name: '薬局会社一覧' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toBeVisible();
    expect(within(nav()).getByRole('button', { name: '薬局マスタ' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'ホーム' })).not.toHaveAttribute('aria-current');
  });

  it('on a click to another screen redraws only the two entries whose current screen changed, the link staying the same element (issue 38)', async () => {
    const user = userEvent.setup();
    renderWithAdmin(<AppMenu />);
    await user.click(within(nav()).getByRole('button', { name: '薬局マスタ' }));
    const link = within(nav()).getByRole('link', { name: '薬局一覧' });
    links.drawn = 0;
    await user.click(link);
    expect(link).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'ホーム' })).not.toHaveAttribute('aria-current');
    expect(links.drawn).toBe(2);
  });

  it('draws its entries as plain elements with the theme\'s classes: MUI\'s styled components only for the icons, the count and the folding (issue 38)', () => {
    renderWithAdmin(<AppMenu />);
    // Each styled component leaves its emotion class (css-…) on what it draws.
    const drawnBy = [...nav().querySelectorAll('[class*="css-"]')].map((element) =>
      element.tagName.toLowerCase() === 'svg' ? 'icon' : element.closest('.MuiBadge-root') ? 'badge' : element.closest('.MuiCollapse-root') ? 'folding' : element.className,
    );
    expect(new Set(drawnBy)).toEqual(new Set(['icon', 'badge', 'folding']));
    expect(drawnBy.filter((kind) => kind === 'badge')).toHaveLength(2);
  });

  it('reaches the dropdowns with Tab and opens them with Enter and Space', async () => {
    const user = userEvent.setup();
    renderWithAdmin(<AppMenu />);
    const pharmacyMasters = within(nav()).getByRole('button', { name: '薬局マスタ' });
    expect(pharmacyMasters).toHaveAttribute('aria-expanded', 'false');
    expect(nav().querySelector('a[href="/v2/core/companies"]')).not.toBeVisible();
    await user.tab(); // ホーム
    await user.tab(); // 問い合わせ一覧
    await user.tab(); // 定型文一覧
    await user.tab(); // 最近の変更
    await user.tab();
    expect(pharmacyMasters).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(pharmacyMasters).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav()).findByRole('link', { name: '薬局会社一覧' })).toBeVisible();

    const otherMasters = within(nav()).getByRole('button', { name: 'その他マスタ' });
    otherMasters.focus();
    await user.keyboard(' ');
    expect(otherMasters).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav()).findByRole('link', { name: '卸一覧' })).toBeVisible();
  });

  it('minimised: every icon keeps its name and shows it as a tooltip', async () => {
    const user = userEvent.setup();
    renderWithAdmin(
      <>
        <Minimised />
        <AppMenu />
      </>,
    );
    expect(await screen.findByTestId('sidebar-title')).toHaveTextContent('CS');
    const dropdown = within(nav()).getByRole('button', { name: '薬局マスタ' });
    expect(within(nav()).getByRole('link', { name: '問い合わせ一覧' })).toBeInTheDocument();
    await user.hover(dropdown);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('薬局マスタ');
  });
});
