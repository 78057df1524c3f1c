import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { GetListParams, GetManyParams, UpdateParams } from 'react-admin';
import PharmacyEdit from '../../src/resources/pharmacies/PharmacyEdit';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

/**
 * Issue 40 item 10: the pharmacy form picks its company by name (react-admin's ReferenceInput and
 * AutocompleteInput over the companies' list search); what is stored stays the company's id.
 */

const COMPANIES = [
  { id: 7, name: '株式会社さくらメディカル' },
  { id: 12, name: '会津けやき株式会社' },
];
const PHARMACY = {
  id: 3, companyId: 7, name: 'さくら薬局 渋谷店', micode: '1310000001', postalCode: '1500002', address1: '東京都', address2: '渋谷区', address3: '渋谷1-2-3',
  phone: '03-0000-0000', email: 'shibuya@example.jp', services: ['share'], updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the pharmacy form’s company', () => {
  it('is 会社, shows the name, searches by what is typed and saves the picked company’s id', async () => {
    const getList = vi.fn(async (_resource: string, params: GetListParams) => {
      const query = (params.filter as { query?: string }).query;
      const data = query ? COMPANIES.filter((company) => company.name.includes(query)) : COMPANIES;
      return { data, total: data.length, meta: { totalPages: 1, currentPage: 1 } };
    });
    const getMany = vi.fn(async (_resource: string, params: GetManyParams) => ({ data: COMPANIES.filter((company) => params.ids.includes(company.id)) }));
    const update = vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...PHARMACY, ...params.data } }));
    const getOne = vi.fn(async () => ({ data: PHARMACY }));
    renderWithAdmin(
      <Routes>
        <Route path="/v2/core/pharmacies/:id/edit" element={<PharmacyEdit />} />
        <Route path="*" element={<p>移動しました</p>} />
      </Routes>,
      { dataProvider: createTestDataProvider({ getList, getMany, getOne, update } as never), resource: 'v2/core/pharmacies', initialEntries: ['/v2/core/pharmacies/3/edit'] },
    );
    const company = await screen.findByRole('combobox', { name: '会社' });
    await waitFor(() => expect(company).toHaveValue('株式会社さくらメディカル'));
    expect(screen.queryByLabelText(/会社ID/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(company);
    await user.type(company, 'けやき');
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('v2/core/companies', expect.objectContaining({ filter: { query: 'けやき' } })));
    await user.click(await screen.findByRole('option', { name: '会津けやき株式会社' }));
    expect(company).toHaveValue('会津けやき株式会社');

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1].data).toMatchObject({ companyId: 12 });
    expect(within(document.body).queryByText('存在しない会社が指定されました。')).not.toBeInTheDocument();
  });
});
