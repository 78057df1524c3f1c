import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { OrderableImportView, StockableImportView, stockableImportChanges } from '../../src/features/masterDiff/MasterDiff';
import type { StockableItemImport } from '../../src/dataProvider/methods/masterSources';

const attributes = { name: 'ロキソニン錠６０ｍｇ', namePronunciation: 'ロキソニン', unit: '錠', yjCode: '1149019F1560', price: 10.1, generic: false, interimPeriodOn: null, expiresAt: null };
const orderable = { name: 'ロキソニン錠６０ｍｇ', gs1Code: '14987000000012', janCode: '4987000000012', quantity: 100, makerName: '第一三共', sellerName: '第一三共', packetForm: 'ＰＴＰ', packetVolume: 100, packagePacketCount: 1, inactiveOn: null };

const diff = (overrides: Partial<StockableItemImport> = {}): StockableItemImport => ({
  stockableItemId: 3,
  stockableItemOperation: 'update',
  invalidReason: null,
  stockableItemAttributes: attributes,
  stockableItemPreviousAttributes: { ...attributes, price: 11.1 },
  stockableItemChanged: ['price'],
  stockableItemPricesAttributes: [{ effectsOn: '2026-11-21', price: 10.1 }],
  orderableItems: [{ orderableItemId: null, operation: 'create', attributes: orderable, previousAttributes: null, changed: [] }],
  ...overrides,
});

describe('the master diff (spec sections 2 and 5)', () => {
  it('shows each record\'s operation and its attributes before and after, the changed ones marked in text', () => {
    render(<StockableImportView diff={diff()} />);
    const item = screen.getByRole('table', { name: '在庫品目の差分' });
    const price = within(item).getByRole('row', { name: /薬価（変更）/ });
    expect(price).toHaveTextContent('11.1');
    expect(price).toHaveTextContent('10.1');
    expect(within(item).getByRole('row', { name: /^名称 / })).not.toHaveTextContent('（変更）');
    expect(screen.getByText('更新')).toBeInTheDocument();
    const pkg = screen.getByRole('table', { name: '発注品目 14987000000012 の差分' });
    expect(within(pkg).getByRole('row', { name: /数量/ })).toHaveTextContent('（未登録）');
    expect(screen.getByText('新規作成')).toBeInTheDocument();
  });

  it('shows an invalidReason as a warning instead of the diff', () => {
    render(<StockableImportView diff={diff({ invalidReason: 'GS1コード 14987000000012 が複数のHOTコード（1、2）に対応しています。' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('GS1コード 14987000000012 が複数のHOTコード（1、2）に対応しています。');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    render(<OrderableImportView diff={{ stockableItemId: null, orderableItemId: null, operation: 'none', invalidReason: '在庫品目がまだ発注マスターにありません。', attributes: null, previousAttributes: null, changed: [] }} />);
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent('在庫品目がまだ発注マスターにありません。');
  });

  it('offers the reflect only when something would change and nothing contradicts', () => {
    expect(stockableImportChanges(diff())).toBe(true);
    expect(stockableImportChanges(diff({ stockableItemOperation: 'none', orderableItems: [] }))).toBe(false);
    expect(stockableImportChanges(diff({ invalidReason: '矛盾' }))).toBe(false);
    expect(stockableImportChanges(undefined)).toBe(false);
  });
});
