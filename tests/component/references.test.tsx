import { ALL_CAPABILITIES } from '../../src/contract/additions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RecordContextProvider } from 'react-admin';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import { RecordFields } from '../../src/resources/schema/show/RecordFields';
import { createApiClient, createDataProvider } from '../../src/dataProvider';
import { resources } from '../../src/resources/registry';
import { pharmacies } from '../../src/resources/pharmacies';
import { orderableItemFixtures } from '../../src/resources/orderableItemFixtures';
import { users } from '../../src/resources/users';
import { renderWithAdmin, testEnvironment } from './renderWithAdmin';

/**
 * Issue 23 item 11: a record that names another shows the other's name, linked to its detail,
 * looked up in one `ids=` call per list page (never one per row), through the real data provider.
 */
const CORE = `${testEnvironment.apiBases.core}/api/v2`;
const MEDORDER = `${testEnvironment.apiBases.medorder}/api/v2`;

const companies = [
  { id: 1, name: '医療法人さくら会' },
  { id: 2, name: '株式会社わかば' },
  { id: 3, name: '有限会社けやき' },
];
// 25 rows (a full page) naming three companies, one that no longer exists, and none.
const pharmacyRows = Array.from({ length: 25 }, (_, index) => ({
  id: 100 + index,
  company_id: index === 5 ? 999 : index === 6 ? null : (index % 3) + 1,
  name: `薬局${index}`,
  address1: '東京都',
  updated_at: '2026-11-01T00:00:00Z',
}));

const requests: URL[] = [];
const server = setupServer(
  http.get(`${CORE}/admin/pharmacies`, ({ request }) => {
    if (new URL(request.url).searchParams.has('ids')) return undefined;
    requests.push(new URL(request.url));
    return HttpResponse.json(pharmacyRows, { headers: { 'x-current-page': '1', 'x-total-pages': '1', 'x-total-count': '25' } });
  }),
  http.get(`${CORE}/admin/companies`, ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
    const found = companies.filter((company) => ids.includes(company.id));
    return found.length ? HttpResponse.json(found) : HttpResponse.json({ errors: ['見つかりません'] }, { status: 404 });
  }),
  http.get(`${CORE}/admin/pharmacies`, ({ request }) => {
    const url = new URL(request.url);
    if (!url.searchParams.has('ids')) return undefined;
    requests.push(url);
    const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
    return HttpResponse.json(pharmacyRows.filter((row) => ids.includes(row.id)));
  }),
  http.get(`${MEDORDER}/admin/stockable_item_fixtures`, ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    return HttpResponse.json([{ id: 12, name: 'ロキソプロフェンNa錠60mg（補正）' }]);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const realDataProvider = () =>
  createDataProvider({ capabilities: ALL_CAPABILITIES, client: createApiClient({ environment: testEnvironment, getToken: async () => 'token' }), resources });

const callsTo = (path: string) => requests.filter((url) => url.pathname.endsWith(path));

describe('references on a list', () => {
  it("shows each pharmacy's company by name, linked to the company, from one ids= call for the page", async () => {
    renderWithAdmin(<SchemaList />, { dataProvider: realDataProvider(), resource: pharmacies.name, initialEntries: ['/v2/core/pharmacies'] });
    const table = await screen.findByRole('table', { name: '薬局一覧' });
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(25);

    const first = await within(rows[0]).findByRole('link', { name: '医療法人さくら会' });
    expect(first).toHaveAttribute('href', '/v2/core/companies/1');
    expect(within(rows[1]).getByRole('link', { name: '株式会社わかば' })).toHaveAttribute('href', '/v2/core/companies/2');
    expect(within(rows[2]).getByRole('link', { name: '有限会社けやき' })).toHaveAttribute('href', '/v2/core/companies/3');
    // A company that is gone reads #id and links nowhere; a pharmacy with no company shows nothing.
    expect(within(rows[5]).getByText('#999')).toBeInTheDocument();
    expect(within(rows[5]).queryByRole('link', { name: '#999' })).not.toBeInTheDocument();
    expect(within(rows[6]).queryByText(/^#/)).not.toBeInTheDocument();
    // No bare company number in any cell of the column.
    expect(within(table).getAllByRole('link', { name: '医療法人さくら会' })).toHaveLength(8);

    // One batched lookup for the whole page, naming each company once.
    const lookups = callsTo('/admin/companies');
    expect(lookups).toHaveLength(1);
    expect(
      lookups[0].searchParams
        .get('ids')
        ?.split(',')
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 999]);
    expect(callsTo('/admin/pharmacies')).toHaveLength(1);
  });
});

describe('references on a detail page', () => {
  it("shows the pharmacy's company by name, linked to the company", async () => {
    const pharmacy = { id: 100, name: '薬局0', companyId: 2 };
    renderWithAdmin(
      <RecordContextProvider value={pharmacy}>
        <RecordFields resource={pharmacies} fields={['id', 'companyId']} />
      </RecordContextProvider>,
      { dataProvider: realDataProvider(), resource: pharmacies.name },
    );
    const link = await screen.findByRole('link', { name: '株式会社わかば' });
    expect(link).toHaveAttribute('href', '/v2/core/companies/2');
    expect(callsTo('/admin/companies')).toHaveLength(1);
    expect(callsTo('/admin/companies')[0].searchParams.get('ids')).toBe('2');
  });

  it("shows an orderable fixture's stockable fixture by name, linked to it", async () => {
    const fixture = { id: 5, name: 'ロキソプロフェンNa錠60mg PTP', stockableItemFixtureId: 12 };
    renderWithAdmin(
      <RecordContextProvider value={fixture}>
        <RecordFields resource={orderableItemFixtures} fields={['id', 'stockableItemFixtureId']} />
      </RecordContextProvider>,
      { dataProvider: realDataProvider(), resource: orderableItemFixtures.name },
    );
    const link = await screen.findByRole('link', { name: 'ロキソプロフェンNa錠60mg（補正）' });
    expect(link).toHaveAttribute('href', '/v2/core/master_sources/stockable_item_fixtures/12');
    expect(callsTo('/admin/stockable_item_fixtures')).toHaveLength(1);
  });

  it("shows a user's pharmacies (the database's and the identity provider's) by name, from one call for both", async () => {
    const user = { id: 3, name: '薬局 太郎', pharmacyIds: [100, 101], appMetadata: { pharmacyIds: [101, 102, 555] } };
    renderWithAdmin(
      <RecordContextProvider value={user}>
        <RecordFields resource={users} fields={['id', 'pharmacyIds', 'appMetadata.pharmacyIds']} />
      </RecordContextProvider>,
      { dataProvider: realDataProvider(), resource: users.name },
    );
    expect(await screen.findAllByRole('link', { name: '薬局1' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: '薬局0' })).toHaveAttribute('href', '/v2/core/pharmacies/100');
    expect(screen.getByRole('link', { name: '薬局2' })).toHaveAttribute('href', '/v2/core/pharmacies/102');
    // A pharmacy the identity provider still names but the database no longer has.
    expect(screen.getByText('#555')).toBeInTheDocument();
    const lookups = callsTo('/admin/pharmacies');
    expect(lookups).toHaveLength(1);
    expect(lookups[0].searchParams.get('ids')?.split(',').map(Number).sort((a, b) => a - b)).toEqual([100, 101, 102, 555]);
  });
});
