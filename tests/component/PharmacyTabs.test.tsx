import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import PharmacyLicensesTab from '../../src/resources/pharmacies/PharmacyLicensesTab';
import PharmacyConfigsTab from '../../src/resources/pharmacies/PharmacyConfigsTab';
import PharmacyCreate from '../../src/resources/pharmacies/PharmacyCreate';
import { TEXTS } from '../../src/i18n/texts';
import { PHARMACY_MESSAGES } from '../../src/contract/pharmacy';
import { todayInTokyo } from '../../src/contract/dates';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const pharmacy = { id: 3, name: 'さくら薬局 渋谷店' };
const license = {
  id: 11, active: true, number: '13薬第12345号', expiresOn: '2030-03-31', createdAt: new Date('2026-11-01T00:00:00Z'),
  signedUrl: '/storage/licenses/pharmacies/3/a.pdf?sig=1', pharmacyId: 3, pharmacy,
};

const renderTab = (ui: React.ReactElement, methods: Record<string, unknown>) => {
  const dataProvider = { ...createTestDataProvider(), ...methods };
  renderWithAdmin(<RecordContextProvider value={pharmacy}>{ui}</RecordContextProvider>, {
    dataProvider: dataProvider as never,
    resource: 'v2/core/pharmacies',
    initialEntries: ['/v2/core/pharmacies/3/licenses'],
  });
};

describe('ライセンス tab', () => {
  it('lists licences with a view link and deletes after the confirmation', async () => {
    const deletePharmacyLicense = vi.fn(async () => undefined);
    renderTab(<PharmacyLicensesTab />, { getPharmacyLicenses: vi.fn(async () => [license]), deletePharmacyLicense });
    const row = await screen.findByRole('row', { name: /13薬第12345号/ });
    expect(row).toHaveTextContent('2030年3月31日');
    expect(within(row).getByRole('link', { name: /表示/ })).toHaveAttribute('href', license.signedUrl);
    await userEvent.click(within(row).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(TEXTS.confirmDelete);
    await userEvent.click(within(dialog).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(deletePharmacyLicense).toHaveBeenCalledWith(3, 11));
  });

  it('opens the upload dialog with the focus on its first field, 許可番号', async () => {
    const user = userEvent.setup();
    renderTab(<PharmacyLicensesTab />, { getPharmacyLicenses: vi.fn(async () => []) });
    await user.click(await screen.findByRole('button', { name: '許可証を登録' }));
    const dialog = await screen.findByRole('dialog', { name: '許可証の登録' });
    await waitFor(() => expect(within(dialog).getByLabelText(/許可番号/)).toHaveFocus());
    await user.keyboard('13薬第2号');
    expect(within(dialog).getByLabelText(/許可番号/)).toHaveValue('13薬第2号');
  });

  it('saves only with number, expiry from today and a file, and says so when the upload fails', async () => {
    const user = userEvent.setup();
    const createPharmacyLicense = vi.fn(async () => {
      throw Object.assign(new Error('422'), { body: { messages: ['ファイルはPDF、PNG、JPEGのいずれかにしてください。'] } });
    });
    renderTab(<PharmacyLicensesTab />, { getPharmacyLicenses: vi.fn(async () => []), createPharmacyLicense });
    await user.click(await screen.findByRole('button', { name: '許可証を登録' }));
    const dialog = await screen.findByRole('dialog', { name: '許可証の登録' });
    const save = within(dialog).getByRole('button', { name: '保存' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/許可番号/), '13薬第1号');
    const expiry = within(dialog).getByLabelText(/有効期限/);
    await user.type(expiry, '2001-01-01');
    await user.tab();
    expect(await within(dialog).findByText(TEXTS.licenceExpiryFromToday)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(expiry);
    await user.type(expiry, todayInTokyo());
    expect(save).toBeDisabled();
    const file = new File(['%PDF-1.4'], 'license.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/^ファイル/), file);
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(createPharmacyLicense).toHaveBeenCalledTimes(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TEXTS.messageFailed);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('ファイルはPDF、PNG、JPEGのいずれかにしてください。');
    expect(createPharmacyLicense).toHaveBeenCalledWith(3, { number: '13薬第1号', expiresOn: todayInTokyo(), file });
  });
});

describe('設定 tab', () => {
  it('shows the ordering service batch queue and saves another choice', async () => {
    const user = userEvent.setup();
    const updateBatchConfig = vi.fn(async (_id: number, config: { ttl: number; useSecondary: boolean }) => config);
    renderTab(<PharmacyConfigsTab />, { getBatchConfig: vi.fn(async () => ({ ttl: 43200, useSecondary: true })), updateBatchConfig });
    expect(await screen.findByRole('radio', { name: /12時間/ })).toBeChecked();
    const save = screen.getByRole('button', { name: '保存' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'オフ' }));
    await user.click(save);
    await waitFor(() => expect(updateBatchConfig).toHaveBeenCalledWith(3, { ttl: 0, useSecondary: false }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'オフ' })).toBeChecked());
  });
});

describe('the pharmacy form', () => {
  it('looks up a postal code, lets the user pick among several addresses, and warns on the micode check digit', async () => {
    const user = userEvent.setup();
    const searchPostalCode = vi.fn(async () => [
      { postalCode: '4980000', address1: '愛知県', address2: '弥富市', address3: '' },
      { postalCode: '4980000', address1: '三重県', address2: '桑名郡木曽岬町', address3: '' },
    ]);
    const dataProvider = { ...createTestDataProvider(), searchPostalCode };
    renderWithAdmin(
      <Routes>
        <Route path="/v2/core/pharmacies/new" element={<PharmacyCreate />} />
      </Routes>,
      { dataProvider: dataProvider as never, resource: 'v2/core/pharmacies', initialEntries: ['/v2/core/pharmacies/new'] },
    );
    await user.type(await screen.findByLabelText(/^薬局コード/), '1341234560');
    expect(screen.getByText(PHARMACY_MESSAGES.micodeCheckDigit)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^郵便番号/), '498-000');
    expect(searchPostalCode).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^郵便番号/), '0');
    const choices = await screen.findByRole('group', { name: '住所の候補' });
    expect(searchPostalCode).toHaveBeenCalledWith('4980000');
    await user.click(within(choices).getByRole('button', { name: '三重県 桑名郡木曽岬町' }));
    expect(screen.getByLabelText(/^都道府県/)).toHaveValue('三重県');
    expect(screen.getByLabelText(/^市区町村/)).toHaveValue('桑名郡木曽岬町');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    expect(await screen.findByText(PHARMACY_MESSAGES.servicesRequired)).toBeInTheDocument();
  });
});
