import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import SchemaShow from '../../src/resources/schema/show/SchemaShow';
import { adminAuthProvider, renderWithAdmin } from './renderWithAdmin';

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
