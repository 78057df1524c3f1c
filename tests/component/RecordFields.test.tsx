import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { RecordContextProvider, type AuthProvider } from 'react-admin';
import { RecordTabs } from '../../src/resources/schema/show/RecordTabs';
import { cellPlacements } from '../../src/resources/schema/shared/FieldGrid';
import { pharmacies } from '../../src/resources/pharmacies';
import { companies } from '../../src/resources/companies';
import type { AnyResourceDeclaration } from '../../src/resources/types';
import { renderWithAdmin } from './renderWithAdmin';

const admin: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isAdmin: true }),
};

const pharmacy = {
  id: 1,
  companyId: 27,
  name: 'さくら調剤薬局 東京駅八重洲北口地下街店',
  micode: '1342310274',
  pharmacyInvoice: { invoiceNumber: 'T7949862948386' },
  postalCode: '1000005',
  address1: '東京都',
  address2: '千代田区',
  address3: '丸の内1丁目9-1',
  address4: '東京駅一番街地下1階',
  phone: '03-0700-0154',
  fax: '03-0225-6990',
  email: 'store00001@pharmacy.example.jp',
  services: ['share', 'medorder'],
  predictConfig: { predictor: 'statistic' },
  startedOn: '2023-10-15',
  note: '駐車場あり。',
  createdAt: new Date('2025-04-05T16:31:00Z'),
  updatedAt: new Date('2026-09-24T12:11:00Z'),
  createdBy: '佐藤 美咲',
  updatedBy: '高橋 由美',
};

const renderDetail = (resource: AnyResourceDeclaration, record: Record<string, unknown>) =>
  renderWithAdmin(
    <RecordContextProvider value={record}>
      <RecordTabs resource={resource} />
    </RecordContextProvider>,
    { resource: resource.name, authProvider: admin, initialEntries: [`/${resource.name}/${record.id}`] },
  );

/** The labels shown in a region, in document (reading) order. */
const labelsIn = (region: HTMLElement) => [...region.querySelectorAll('.RaLabeled-label')].map((label) => label.textContent);

describe('a detail tab in groups', () => {
  it('shows each group under its h2, in declaration order, with every field under its own group', async () => {
    renderDetail(pharmacies, pharmacy);
    const panel = await screen.findByRole('tabpanel');
    // The admin-only predictor shows once the permissions are in.
    await within(panel).findByText('予測ロジック');
    const headings = within(panel).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['基本情報', '住所・連絡先', '契約', '作成・更新']);
    expect(labelsIn(screen.getByRole('region', { name: '基本情報' }))).toEqual([
      'ID', '薬局名', '薬局コード', '会社', '適格請求書発行事業者登録番号', 'V4施設ID', 'V1 ID', '備考',
    ]);
    expect(labelsIn(screen.getByRole('region', { name: '住所・連絡先' }))).toEqual([
      '郵便番号', '都道府県', '市区町村', '町域・番地', '建物名', 'アクセス', '緯度（自動）', '経度（自動）', '電話番号', 'FAX番号', 'メールアドレス', 'WebサイトURL',
    ]);
    expect(labelsIn(screen.getByRole('region', { name: '契約' }))).toEqual([
      '契約サービス', '開始日', '終了日', '削除日', '予測ロジック', '小分け譲渡元', '小分け譲受先',
    ]);
    expect(labelsIn(screen.getByRole('region', { name: '作成・更新' }))).toEqual(['作成日時', '更新日時', '作成者', '更新者']);
    // Every detail field of the declaration is shown once, and only under a group.
    const declared = pharmacies.show!.tabs[0].groups!.flatMap((group) => group.fields);
    expect(new Set(declared).size).toBe(Object.keys(pharmacies.fields).length);
    expect(labelsIn(panel)).toHaveLength(declared.length);
  });

  it('puts the 契約サービス chips in one wrapping row container, not one per line', async () => {
    renderDetail(pharmacies, pharmacy);
    const contract = await screen.findByRole('region', { name: '契約' });
    const share = within(contract).getByText('在庫シェア').closest('.MuiChip-root')!;
    const order = within(contract).getByText('発注').closest('.MuiChip-root')!;
    const row = share.parentElement!;
    expect(order.parentElement).toBe(row);
    const style = getComputedStyle(row);
    expect(style.flexDirection).toBe('row');
    expect(style.flexWrap).toBe('wrap');
  });

  it('keeps a long value on a row of its own', async () => {
    renderDetail(companies, { id: 4, name: '株式会社北海道東北ファーマシーホールディングス', pharmaciesCount: 12, note: '本社は札幌市。' });
    const basics = await screen.findByRole('region', { name: '基本情報' });
    expect(labelsIn(basics)).toEqual(['ID', '会社名', '薬局数', '備考']);
    const note = within(basics).getByText('備考', { exact: true }).closest('.RaLabeled-label')!.parentElement!;
    expect(getComputedStyle(note).gridColumn.replace(/\s/g, '')).toBe('1/-1');
  });
});

describe('cellPlacements', () => {
  it('starts a new row after every rowLength cells, counting again after a wide one', () => {
    expect(cellPlacements([false, false, false, false], 2)).toEqual([{ gridColumnStart: 1 }, {}, { gridColumnStart: 1 }, {}]);
    expect(cellPlacements([false, true, false, false, false], 2)).toEqual([{ gridColumnStart: 1 }, { gridColumn: '1 / -1' }, { gridColumnStart: 1 }, {}, { gridColumnStart: 1 }]);
    expect(cellPlacements([false, true, false])).toEqual([{}, { gridColumn: '1 / -1' }, {}]);
  });
});
