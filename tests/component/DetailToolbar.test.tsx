import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import SchemaShow from '../../src/resources/schema/show/SchemaShow';
import { CAPABILITIES } from '../../src/contract/additions';
import { adminAuthProvider, renderWithAdmin, testRuntime } from './renderWithAdmin';

const staff = adminAuthProvider();

const renderDetail = () => {
  const base = fakeRestProvider({ 'v2/core/pharmacies': [{ id: 7, name: 'さくら薬局 駅前店', micode: '1341234560' }] });
  const dataProvider: DataProvider = { ...base, getList: async (name, params) => ({ ...(await base.getList(name, params)), meta: { totalPages: 1, currentPage: 1 } }) };
  return renderWithAdmin(
    <Routes>
      <Route path="/v2/core/pharmacies/:id/*" element={<SchemaShow />} />
    </Routes>,
    { dataProvider, authProvider: staff, resource: 'v2/core/pharmacies', initialEntries: ['/v2/core/pharmacies/7'] },
  );
};

/** A window as wide as every min-width query says (`wide`) or as narrow as every max-width one. */
const windowOf = (wide: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: query.includes(wide ? 'min-width' : 'max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, onchange: null, dispatchEvent: () => false }) as MediaQueryList,
  );

describe('the detail page’s toolbar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each button’s icon on a narrow screen, named by its label (no stray startIcon attribute)', async () => {
    windowOf(false);
    const { container } = renderDetail();
    for (const name of ['一覧へ戻る', '編集']) {
      const link = await screen.findByRole('link', { name });
      expect(link.querySelector('svg'), name).not.toBeNull();
      expect(link).not.toHaveTextContent(name);
    }
    expect(container.ownerDocument.querySelector('[starticon]')).toBeNull();
  });

  it('shows the icon beside the label on a wide screen', async () => {
    windowOf(true);
    renderDetail();
    for (const name of ['一覧へ戻る', '編集']) {
      const link = await screen.findByRole('link', { name });
      expect(link).toHaveTextContent(name);
      expect(link.querySelector('svg'), name).not.toBeNull();
    }
  });
});

describe('削除 on a company (the companyDelete addition)', () => {
  const renderCompany = (company: Record<string, unknown>, capabilities = [...CAPABILITIES]) => {
    const base = fakeRestProvider({ 'v2/core/companies': [company] });
    const remove = vi.fn(async (_resource: string, params: { id: unknown }) => ({ data: { id: params.id } }));
    const dataProvider = { ...base, delete: remove, getList: async (name, params) => ({ ...(await base.getList(name, params)), meta: { totalPages: 1, currentPage: 1 } }) } as DataProvider;
    renderWithAdmin(
      <Routes>
        <Route path="/v2/core/companies/:id/*" element={<SchemaShow />} />
        <Route path="/v2/core/companies" element={<p>会社一覧の画面</p>} />
      </Routes>,
      { dataProvider, authProvider: staff, resource: 'v2/core/companies', initialEntries: [`/v2/core/companies/${String(company.id)}`], runtime: testRuntime({ capabilities }) },
    );
    return { remove };
  };

  it('is disabled for a company with pharmacies, the reason (with the count) its accessible description', async () => {
    renderCompany({ id: 3, name: '薬局のある会社', pharmaciesCount: 12 });
    const button = await screen.findByRole('button', { name: '削除' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('所属している薬局が12件あるため削除できません。先に薬局一覧タブで薬局を会社から外してください。');
  });

  it('asks first (focus on キャンセル), deletes an empty company and goes to the list', async () => {
    const user = userEvent.setup();
    const { remove } = renderCompany({ id: 4, name: '空の会社', pharmaciesCount: 0 });
    const button = await screen.findByRole('button', { name: '削除' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-describedby');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: '薬局会社「空の会社」を削除しますか？' });
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('v2/core/companies', expect.objectContaining({ id: 4 })));
    expect(await screen.findByText('会社一覧の画面')).toBeInTheDocument();
  });

  it('is not offered where the environment lacks the addition', async () => {
    renderCompany({ id: 5, name: '仕様どおりの会社', pharmaciesCount: 0 }, CAPABILITIES.filter((capability) => capability !== 'companyDelete'));
    expect(await screen.findByRole('link', { name: '編集' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
  });
});
