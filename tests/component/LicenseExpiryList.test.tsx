import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import LicenseExpiryList from '../../src/resources/pharmacyLicenseExpires/LicenseExpiryList';
import { todayInTokyo } from '../../src/contract/dates';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

/** A calendar day `days` from today in Japan. */
const inDays = (days: number) => {
  const [year, month, day] = todayInTokyo().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

describe('licence expiry list (issue 23)', () => {
  it('marks expired and soon-to-expire licences with words and colour, a later one as plain text', async () => {
    const licences = [
      { id: 1, pharmacyId: 11, pharmacy: { name: '期限切れ薬局' }, number: 'A-1', expiresOn: inDays(-3) },
      { id: 2, pharmacyId: 12, pharmacy: { name: '間近薬局' }, number: 'A-2', expiresOn: inDays(20) },
      { id: 3, pharmacyId: 13, pharmacy: { name: '余裕薬局' }, number: 'A-3', expiresOn: inDays(400) },
    ];
    const getList = vi.fn(async () => ({ data: licences, total: 3, meta: { totalPages: 1, currentPage: 1 } }));
    const dataProvider = createTestDataProvider({ getList: getList as never });
    renderWithAdmin(<LicenseExpiryList />, {
      dataProvider,
      resource: 'v2/core/pharmacy_license_expires',
      initialEntries: ['/v2/core/pharmacy_license_expires'],
    });
    const table = await screen.findByRole('table', { name: '許可証期限一覧' });
    const rows = within(table).getAllByRole('row').slice(1);
    const chipOf = (row: HTMLElement) => row.querySelector('[data-expiry]');
    expect(chipOf(rows[0])?.getAttribute('data-expiry')).toBe('expired');
    expect(chipOf(rows[0])?.textContent).toBe('期限切れ（3日経過）');
    expect(chipOf(rows[1])?.getAttribute('data-expiry')).toBe('soon');
    expect(chipOf(rows[1])?.textContent).toBe('残り20日');
    expect(chipOf(rows[2])).toBeNull();
    expect(rows[2].textContent).toContain('残り400日');
    expect(getList).toHaveBeenCalledWith('v2/core/pharmacy_license_expires', expect.objectContaining({ sort: { field: 'expiresOn', order: 'ASC' } }));
  });
});
