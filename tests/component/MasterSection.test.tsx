import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { StockableFixtureSummary } from '../../src/customRoutes/masterSources/FixtureSummaries';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

describe('a code detail’s fixture summary', () => {
  it('says why the services refused, not 登録はありません with a new link (a refusal is not an empty answer)', async () => {
    const getList = vi.fn(async () => {
      throw new HttpError('error', 503, { messages: ['しばらくしてからもう一度お試しください。'] });
    });
    renderWithAdmin(<StockableFixtureSummary yjCode="2171022F1020" />, { dataProvider: createTestDataProvider({ getList }) });
    const section = await screen.findByRole('region', { name: '在庫品目補正' });
    expect(await screen.findByText('しばらくしてからもう一度お試しください。')).toBeTruthy();
    expect(section.textContent).not.toContain('登録はありません');
    expect(screen.queryByRole('link', { name: '在庫品目補正を新規登録' })).toBeNull();
  });

  it('offers 新規登録 with the code when nothing is registered', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderWithAdmin(<StockableFixtureSummary yjCode="2171022F1020" />, { dataProvider: createTestDataProvider({ getList }) });
    const link = await screen.findByRole('link', { name: '在庫品目補正を新規登録' });
    expect(link.getAttribute('href')).toContain('yjCode=2171022F1020');
  });
});
