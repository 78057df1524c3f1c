import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { DataProvider } from 'react-admin';
import SchemaCreate from '../../src/resources/schema/SchemaCreate';
import SchemaEdit from '../../src/resources/schema/SchemaEdit';
import PharmacyCreate from '../../src/resources/pharmacies/PharmacyCreate';
import PharmacyEdit from '../../src/resources/pharmacies/PharmacyEdit';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const COMPANY = { id: 7, name: '株式会社さくらメディカル', note: null, pharmaciesCount: 0 };
const PHARMACY = { id: 3, name: 'さくら薬局 渋谷店', micode: '1310000001', services: ['share'] };

const renderScreen = (path: string, element: React.ReactElement, resource: string, dataProvider: DataProvider) =>
  renderWithAdmin(
    <Routes>
      <Route path={path} element={element} />
      <Route path="*" element={<p>移動しました</p>} />
    </Routes>,
    { dataProvider, resource, initialEntries: [path.replace(':id', String(resource.endsWith('companies') ? COMPANY.id : PHARMACY.id))] },
  );

describe('the generated create form', () => {
  it('has no ID field before the record exists', async () => {
    renderScreen('/v2/core/companies/new', <SchemaCreate />, 'v2/core/companies', createTestDataProvider());
    await screen.findByLabelText(/^会社名/);
    expect(screen.queryByLabelText(/^ID/)).not.toBeInTheDocument();
  });

  it('has no ID field for a group either', async () => {
    renderScreen('/v2/core/groups/new', <SchemaCreate />, 'v2/core/groups', createTestDataProvider());
    await screen.findByLabelText(/^グループ名/);
    expect(screen.queryByLabelText(/^ID/)).not.toBeInTheDocument();
  });

  it('keeps the ID on the edit form, read-only', async () => {
    const getOne = vi.fn(async () => ({ data: COMPANY }));
    renderScreen('/v2/core/companies/:id/edit', <SchemaEdit />, 'v2/core/companies', createTestDataProvider({ getOne } as never));
    const id = await screen.findByLabelText(/^ID/);
    await waitFor(() => expect(id).toHaveValue('7'));
    expect(id).toHaveAttribute('readonly');
  });
});

describe('the pharmacy form', () => {
  it('has no ID field when creating', async () => {
    renderScreen('/v2/core/pharmacies/new', <PharmacyCreate />, 'v2/core/pharmacies', createTestDataProvider());
    await screen.findByLabelText(/^薬局名/);
    expect(screen.queryByLabelText(/^ID/)).not.toBeInTheDocument();
  });

  it('shows the ID read-only when editing', async () => {
    const getOne = vi.fn(async () => ({ data: PHARMACY }));
    renderScreen('/v2/core/pharmacies/:id/edit', <PharmacyEdit />, 'v2/core/pharmacies', createTestDataProvider({ getOne } as never));
    const id = await screen.findByLabelText(/^ID/);
    await waitFor(() => expect(id).toHaveValue('3'));
    expect(id).toHaveAttribute('readonly');
  });
});
