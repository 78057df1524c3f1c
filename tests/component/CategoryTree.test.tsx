import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { CategoryTree } from '../../src/resources/manuals/CategoryTree';
import { renderWithAdmin } from './renderWithAdmin';

const node = (id: number, name: string, parentId: number | null, hasChild: boolean) => ({ id, name, parentId, depth: 0, hasChild, manualsCount: 1 });
const tree: Record<number, ReturnType<typeof node>[]> = {
  1: [node(11, '在庫', 1, true), node(12, '発注', 1, false)],
  11: [node(111, '棚卸し', 11, false)],
};

const provider = () => {
  const getManualCategory = vi.fn(async (id: number) => ({ ...node(id, `#${id}`, null, true), children: tree[id] ?? [], ancestors: [] }));
  const dataProvider = {
    getManualCategories: vi.fn(async () => [node(1, '発注・在庫', null, true), node(2, '医薬品マスタ', null, false)]),
    getManualCategory,
  } as unknown as DataProvider;
  return { dataProvider, getManualCategory };
};

describe('the manual category tree', () => {
  it('loads a node\'s children on its first opening only, and toggles them with aria-expanded', async () => {
    const { dataProvider, getManualCategory } = provider();
    renderWithAdmin(<CategoryTree ancestorIds={[]} />, { dataProvider });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: '発注・在庫のサブカテゴリ' });
    expect(screen.queryByRole('button', { name: '医薬品マスタのサブカテゴリ' })).not.toBeInTheDocument();
    expect(getManualCategory).not.toHaveBeenCalled();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: '在庫' })).toHaveAttribute('href', '/v2/core/manuals?categoryId=11');
    expect(getManualCategory).toHaveBeenCalledTimes(1);
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(screen.getByRole('link', { name: '在庫' }));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: '在庫' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('link', { name: '在庫' })).toBeVisible();
    expect(getManualCategory).toHaveBeenCalledTimes(1);

    // The keyboard opens the next level.
    screen.getByRole('button', { name: '在庫のサブカテゴリ' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: '棚卸し' })).toBeVisible();
    expect(getManualCategory).toHaveBeenCalledTimes(2);
  });

  it('opens the path to the category shown and marks it as the current page', async () => {
    const { dataProvider } = provider();
    renderWithAdmin(<CategoryTree currentId={111} ancestorIds={[1, 11, 111]} />, { dataProvider });
    const current = await screen.findByRole('link', { name: '棚卸し' });
    expect(current).toHaveAttribute('aria-current', 'page');
    const nav = screen.getByRole('navigation', { name: 'マニュアルのカテゴリ' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: '在庫のサブカテゴリ' })).toHaveAttribute('aria-expanded', 'true'));
  });
});
