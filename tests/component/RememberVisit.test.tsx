import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import SchemaShow from '../../src/resources/schema/show/SchemaShow';
import { readRecent, recentKey } from '../../src/features/palette/recentRecords';
import { adminAuthProvider, renderWithAdmin } from './renderWithAdmin';

const staff = adminAuthProvider();

const pharmacy = { id: 7, name: 'さくら薬局 駅前店', micode: '1341234560', address1: '東京都', address2: '渋谷区', address3: '神宮前1-1' };

describe('a detail page’s visit', () => {
  afterEach(() => localStorage.clear());

  it('joins the jump palette’s recent records, per environment and user', async () => {
    const base = fakeRestProvider({ 'v2/core/pharmacies': [pharmacy] });
    const dataProvider: DataProvider = { ...base, getList: async (name, params) => ({ ...(await base.getList(name, params)), meta: { totalPages: 1, currentPage: 1 } }) };
    renderWithAdmin(
      <Routes>
        <Route path="/v2/core/pharmacies/:id/*" element={<SchemaShow />} />
      </Routes>,
      { dataProvider, authProvider: staff, resource: 'v2/core/pharmacies', initialEntries: ['/v2/core/pharmacies/7'] },
    );
    expect((await screen.findAllByRole('tab')).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(readRecent(localStorage, recentKey('production', 'auth0|staff'))).toEqual([
        expect.objectContaining({ resource: 'v2/core/pharmacies', id: '7', label: 'さくら薬局 駅前店', detail: '1341234560　東京都　渋谷区　神宮前1-1', url: '/v2/core/pharmacies/7' }),
      ]),
    );
  });
});
