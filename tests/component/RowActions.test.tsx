import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const pharmacies = [
  { id: 29859, companyId: 900, name: 'けやき薬局 会津若松本店', address1: '福島県', updatedAt: '2026-11-01T08:59:00+09:00' },
  { id: 7422, companyId: null, name: 'グリーン薬局 宇治店', address1: '京都府', updatedAt: '2026-11-01T08:50:00+09:00' },
];

/** Where the app's router is, for the test to read. */
const Location = () => <output aria-label="URL">{useLocation().pathname}</output>;

describe('a list row\'s actions (pharmacies: show, edit, an external link, an in-app link)', () => {
  const renderPharmacies = () => {
    const getList = vi.fn(async () => ({ data: pharmacies, total: 2, meta: { totalPages: 1, currentPage: 1 } }));
    return renderWithAdmin(
      <>
        <SchemaList />
        <Location />
      </>,
      {
      // The company column looks its companies up (one getMany for the page).
      dataProvider: createTestDataProvider({ getList: getList as never, getMany: (async () => ({ data: [{ id: 900, name: '会津けやき株式会社' }] })) as never }),
      resource: 'v2/core/pharmacies',
      initialEntries: ['/v2/core/pharmacies'],
      },
    );
  };

  it('are links to the spec\'s URLs, named for what they open', async () => {
    renderPharmacies();
    const table = await screen.findByRole('table', { name: '薬局一覧' });
    const row = (await within(table).findByText('けやき薬局 会津若松本店')).closest('tr')!;
    await within(row).findByRole('link', { name: '会津けやき株式会社' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['会津けやき株式会社', '/v2/core/companies/900'],
      ['詳細', '/v2/core/pharmacies/29859'],
      ['編集', '/v2/core/pharmacies/29859/edit'],
      ['発注アプリ', 'https://order.example.test/pharmacies/29859'],
      ['NSIPS', '/v2/core/nsipses/29859'],
    ]);
    const external = within(row).getByRole('link', { name: '発注アプリ（新しいタブで開く）' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    // The new-tab glyph is decoration: the name already says it.
    expect(external.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('open the record\'s screen in the app when clicked', async () => {
    renderPharmacies();
    const table = await screen.findByRole('table', { name: '薬局一覧' });
    const row = (await within(table).findByText('グリーン薬局 宇治店')).closest('tr')!;
    await userEvent.setup().click(within(row).getByRole('link', { name: '編集' }));
    expect(screen.getByRole('status', { name: 'URL' })).toHaveTextContent('/v2/core/pharmacies/7422/edit');
  });
});
