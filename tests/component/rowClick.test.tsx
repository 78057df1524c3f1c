import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

/**
 * Issue 40 item 9: a click anywhere on a generated list's row opens its detail at the spec's URL,
 * as react-admin's rowClick does, but not from a link or button in it, not at the end of a
 * selection drag, and not for a middle or Ctrl click.
 */

const Location = () => <output aria-label="URL">{useLocation().pathname}</output>;

const pharmacies = [
  { id: 29859, companyId: 900, name: 'けやき薬局 会津若松本店', address1: '福島県', updatedAt: '2026-11-01T08:59:00+09:00' },
  { id: 7422, companyId: null, name: 'グリーン薬局 宇治店', address1: '京都府', updatedAt: '2026-11-01T08:50:00+09:00' },
];
const users = [{ id: 31, name: '受付 太郎', email: 'uketsuke@example.jp', role: 'admin', updatedAt: '2026-11-01T08:59:00+09:00' }];

const renderList = (resource: string, data: Record<string, unknown>[]) => {
  const getList = vi.fn(async () => ({ data, total: data.length, meta: { totalPages: 1, currentPage: 1 } }));
  renderWithAdmin(
    <>
      <SchemaList />
      <Location />
    </>,
    {
      dataProvider: createTestDataProvider({ getList: getList as never, getMany: (async () => ({ data: [{ id: 900, name: '会津けやき株式会社' }] })) as never }),
      resource,
      initialEntries: [`/${resource}`],
    },
  );
};


describe('a row opens on a click anywhere on it', () => {
  it('a click on a cell opens the detail; the row takes no focus of its own', async () => {
    renderList('v2/core/pharmacies', pharmacies);
    const cell = await screen.findByText('グリーン薬局 宇治店');
    const row = cell.closest('tr')!;
    expect(row).not.toHaveAttribute('tabindex');
    // Where it opens, for the pointer's intent (the detail's chunk loads on it: onLinkIntent).
    expect(row).toHaveAttribute('data-opens', '/v2/core/pharmacies/7422');
    await userEvent.setup().click(within(row).getByText('京都府'));
    expect(screen.getByLabelText('URL')).toHaveTextContent(/^\/v2\/core\/pharmacies\/7422$/);
  });

  it('a link in the row goes where it says (the company, 編集), not to the detail', async () => {
    renderList('v2/core/pharmacies', pharmacies);
    const row = (await screen.findByText('けやき薬局 会津若松本店')).closest('tr')!;
    await userEvent.setup().click(await within(row).findByRole('link', { name: '会津けやき株式会社' }));
    expect(screen.getByLabelText('URL')).toHaveTextContent(/^\/v2\/core\/companies\/900$/);
  });

  it('a middle, Ctrl or ⌘ click, and the end of a text selection, leave the page as it is', async () => {
    renderList('v2/core/pharmacies', pharmacies);
    const cell = await screen.findByText('けやき薬局 会津若松本店');
    fireEvent.click(cell, { button: 1 });
    fireEvent.click(cell, { ctrlKey: true });
    fireEvent.click(cell, { metaKey: true });
    // A drag: nothing selected as the button went down, the name selected as it came up.
    const selection = window.getSelection()!;
    fireEvent.mouseDown(cell);
    selection.selectAllChildren(cell);
    fireEvent.click(cell);
    expect(screen.getByLabelText('URL')).toHaveTextContent(/^\/v2\/core\/pharmacies$/);
    // A click on the text selected before is a click.
    fireEvent.mouseDown(cell);
    fireEvent.click(cell);
    expect(screen.getByLabelText('URL')).toHaveTextContent(/^\/v2\/core\/pharmacies\/29859$/);
  });

  it('on users the e-mail is text, not a mailto: link, and a click on it opens the user', async () => {
    renderList('v2/core/users', users);
    const email = await screen.findByText('uketsuke@example.jp');
    expect(email.closest('a')).toBeNull();
    await userEvent.setup().click(email);
    expect(screen.getByLabelText('URL')).toHaveTextContent(/^\/v2\/core\/users\/31$/);
  });
});
