import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { Notification, type DataProvider } from 'react-admin';
import SchemaCreate from '../../src/resources/schema/form/SchemaCreate';
import SchemaEdit from '../../src/resources/schema/form/SchemaEdit';
import PharmacyCreate from '../../src/resources/pharmacies/PharmacyCreate';
import PharmacyEdit from '../../src/resources/pharmacies/PharmacyEdit';
import { PHARMACY_MESSAGES } from '../../src/contract/pharmacy';
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

/** An edit form of `record`, its ID shown as the record's and read-only; the ID input. */
const expectReadOnlyId = async (path: string, element: React.ReactElement, resource: string, record: { id: number }) => {
  const getOne = vi.fn(async () => ({ data: record }));
  renderScreen(path, element, resource, createTestDataProvider({ getOne } as never));
  const id = await screen.findByLabelText(/^ID/);
  await waitFor(() => expect(id).toHaveValue(String(record.id)));
  expect(id).toHaveAttribute('readonly');
};

/** The text of an input's own label, required mark included (react-admin writes it as ` *`, hidden from the accessible name). */
const labelText = (input: HTMLElement) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim();

describe('the generated create form', () => {
  it('has no ID field before the record exists, marks 会社名 required and leaves the check to the API (spec: no client rules)', async () => {
    const user = userEvent.setup();
    const create = vi.fn(async () => Promise.reject(Object.assign(new Error('422'), { status: 422, body: { messages: ['会社名を入力してください。'] } })));
    renderScreen('/v2/core/companies/new', <SchemaCreate />, 'v2/core/companies', createTestDataProvider({ create } as never));
    const name = await screen.findByLabelText(/^会社名/);
    expect(labelText(name)).toMatch(/^会社名\s*\*$/);
    expect(labelText(screen.getByLabelText(/^備考/))).toBe('備考');
    expect(screen.queryByLabelText(/^ID/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    // Nothing refused it on the page: the API's answer is listed.
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('会社名を入力してください。')).toBeInTheDocument();
  });

  it('marks グループ名 required and has no ID field', async () => {
    renderScreen('/v2/core/groups/new', <SchemaCreate />, 'v2/core/groups', createTestDataProvider());
    expect(labelText(await screen.findByLabelText(/^グループ名/))).toMatch(/^グループ名\s*\*$/);
    expect(screen.queryByLabelText(/^ID/)).not.toBeInTheDocument();
  });

  it('keeps the ID on the edit form, read-only', async () => {
    await expectReadOnlyId('/v2/core/companies/:id/edit', <SchemaEdit />, 'v2/core/companies', COMPANY);
    expect(labelText(screen.getByLabelText(/^会社名/))).toMatch(/^会社名\s*\*$/);
  });
});

describe('the pharmacy form', () => {
  it('has no ID field when creating, marks the required fields and 契約サービス, whose error describes the group', async () => {
    const user = userEvent.setup();
    renderScreen('/v2/core/pharmacies/new', <PharmacyCreate />, 'v2/core/pharmacies', createTestDataProvider());
    expect(labelText(await screen.findByLabelText(/^薬局名/))).toMatch(/^薬局名\s*\*$/);
    expect(labelText(screen.getByLabelText(/^薬局コード/))).toMatch(/^薬局コード\s*\*$/);
    expect(labelText(screen.getByLabelText(/^FAX番号/))).toBe('FAX番号');
    expect(screen.queryByLabelText(/^ID/)).not.toBeInTheDocument();
    const services = screen.getByRole('group', { name: '契約サービス' });
    expect(services.querySelector('legend')?.textContent).toMatch(/^契約サービス\s*\*$/);
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    await waitFor(() => expect(services).toHaveAccessibleDescription(PHARMACY_MESSAGES.servicesRequired));
  });

  it('shows the ID read-only when editing', async () => {
    await expectReadOnlyId('/v2/core/pharmacies/:id/edit', <PharmacyEdit />, 'v2/core/pharmacies', PHARMACY);
  });

  it('says what is wrong with the e-mail and the URL inline, in red, both at once: never the browser\'s bubbles (issue 40)', async () => {
    const user = userEvent.setup();
    renderScreen('/v2/core/pharmacies/new', <PharmacyCreate />, 'v2/core/pharmacies', createTestDataProvider());
    const email = await screen.findByLabelText(/^メールアドレス/);
    // The browser checks nothing itself: a form it validates would stop at the first bubble.
    expect(email.closest('form')).toHaveAttribute('novalidate');
    await user.type(email, 'info@pharmacy');
    await user.type(screen.getByLabelText(/^WebサイトURL/), 'www.example.com');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeInTheDocument();
    expect(screen.getByLabelText(/^WebサイトURL/)).toHaveAccessibleDescription(/URL/);
  });
});

describe('a save without changes (issue 40 item 3)', () => {
  const renderCompanyEdit = (update: ReturnType<typeof vi.fn>) => {
    const getOne = vi.fn(async () => ({ data: { ...COMPANY, note: '月末締め' } }));
    renderWithAdmin(
      <>
        <Routes>
          <Route path="/v2/core/companies/:id/edit" element={<SchemaEdit />} />
          <Route path="*" element={<p>移動しました</p>} />
        </Routes>
        <Notification />
      </>,
      { dataProvider: createTestDataProvider({ getOne, update } as never), resource: 'v2/core/companies', initialEntries: [`/v2/core/companies/${COMPANY.id}/edit`] },
    );
  };

  it('sends nothing, says 変更はありません and goes where a save goes', async () => {
    const user = userEvent.setup();
    const update = vi.fn(async () => ({ data: COMPANY }));
    renderCompanyEdit(update);
    await waitFor(() => expect(screen.getByLabelText(/^会社名/)).toHaveValue(COMPANY.name));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('変更はありません')).toBeInTheDocument();
    expect(await screen.findByText('移動しました')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('sends nothing after a change typed and taken back', async () => {
    const user = userEvent.setup();
    const update = vi.fn(async () => ({ data: COMPANY }));
    renderCompanyEdit(update);
    const note = await screen.findByLabelText(/^備考/);
    await waitFor(() => expect(note).toHaveValue('月末締め'));
    await user.type(note, '。');
    await user.type(note, '{Backspace}');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('移動しました')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('saves a change as before', async () => {
    const user = userEvent.setup();
    const update = vi.fn(async () => ({ data: { ...COMPANY, note: '月末締め。' } }));
    renderCompanyEdit(update);
    const note = await screen.findByLabelText(/^備考/);
    await waitFor(() => expect(note).toHaveValue('月末締め'));
    await user.type(note, '。');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('更新成功しました。')).toBeInTheDocument();
    expect(screen.queryByText('変更はありません')).not.toBeInTheDocument();
  });
});
