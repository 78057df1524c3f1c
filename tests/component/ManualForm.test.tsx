import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { Notification, type DataProvider } from 'react-admin';
import ManualCreatePage from '../../src/resources/manuals/ManualCreatePage';
import ManualEditPage from '../../src/resources/manuals/ManualEditPage';
import { SEED_MANUALS } from '../../server/services/core/manuals/seedData';
import { renderWithAdmin } from './renderWithAdmin';

const MANUALS = 'v2/core/manuals';
const categories = [
  { id: 1, name: '医薬品マスタ', parentId: null, depth: 0, hasChild: false, manualsCount: 3 },
  { id: 2, name: '発注・在庫', parentId: null, depth: 0, hasChild: true, manualsCount: 0 },
];
const children = [{ id: 3, name: '在庫', parentId: 2, depth: 1, hasChild: false, manualsCount: 2 }];

const provider = (overrides: Record<string, unknown> = {}) =>
  ({
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getOne: vi.fn(async () => ({ data: { id: 5, title: 'a', content: 'b', manualCategoryId: null } })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...data, id: 9 } })),
    update: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...data, id: 5 } })),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
    getManualCategories: vi.fn(async () => categories),
    getManualCategory: vi.fn(async (id: number) => ({ ...[...categories, ...children].find((c) => c.id === id)!, children: id === 2 ? children : [], ancestors: [] })),
    uploadManualImage: vi.fn(async () => '/storage/manual-images/2026/11/22/x.png'),
    ...overrides,
  }) as unknown as DataProvider & Record<string, ReturnType<typeof vi.fn>>;

const renderCreate = (dataProvider = provider()) =>
  renderWithAdmin(
    <Routes>
      <Route path={`/${MANUALS}/new`} element={<ManualCreatePage />} />
      <Route path="*" element={<p>移動しました</p>} />
    </Routes>,
    { dataProvider, resource: MANUALS, initialEntries: [`/${MANUALS}/new`] },
  );

describe('the manual form', () => {
  it('keeps save disabled until both title and content are filled, then sends markdown once', async () => {
    const dataProvider = provider();
    renderCreate(dataProvider);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: '新規作成' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('タイトル'), '新しい手順');
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    const source = screen.getByRole('textbox', { name: '本文（Markdown）' });
    await user.type(source, '   ');
    expect(save).toBeDisabled();
    await user.clear(source);
    await user.type(source, '## 見出し');
    await waitFor(() => expect(save).toBeEnabled());
    await user.dblClick(save);
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    expect((dataProvider.create as ReturnType<typeof vi.fn>).mock.calls[0][1].data).toMatchObject({ title: '新しい手順', content: '## 見出し', manualCategoryId: null });
  });

  it('shows the category path as the title placeholder', async () => {
    renderCreate();
    const title = await screen.findByLabelText('タイトル');
    expect(title).toHaveAttribute('placeholder', 'カテゴリ / サブカテゴリ / タイトル');
  });

  it.each(SEED_MANUALS.slice(0, 1).map((manual) => [manual.title, manual.content] as const))(
    'opens %s in the rich editor (not marked changed by loading) and saves a title change',
    async (_title, content) => {
      const dataProvider = provider({ getOne: vi.fn(async () => ({ data: { id: 5, title: '題', content, manualCategoryId: null } })) });
      renderWithAdmin(
        <Routes>
          <Route path={`/${MANUALS}/:id/edit`} element={<ManualEditPage />} />
          <Route path="*" element={<p>移動しました</p>} />
        </Routes>,
        { dataProvider, resource: MANUALS, initialEntries: [`/${MANUALS}/5/edit`] },
      );
      const user = userEvent.setup();
      await screen.findByRole('textbox', { name: '本文' });
      await user.type(screen.getByLabelText('タイトル'), '改');
      await user.click(screen.getByRole('button', { name: '保存' }));
      await waitFor(() => expect(dataProvider.update).toHaveBeenCalledTimes(1));
      const { data, previousData } = (dataProvider.update as ReturnType<typeof vi.fn>).mock.calls[0][1];
      expect(data).toMatchObject({ title: '題改', content });
      expect(previousData.content).toBe(content);
      expect(await screen.findByText('移動しました')).toBeInTheDocument();
    },
  );

  it.each(SEED_MANUALS.slice(0, 1).map((manual) => [manual.title, manual.content] as const))(
    'saves %s unchanged without a request: 変更はありません, and on to the manual (issue 40 item 3)',
    async (title, content) => {
      const dataProvider = provider({ getOne: vi.fn(async () => ({ data: { id: 5, title, content, manualCategoryId: 1 } })) });
      renderWithAdmin(
        <>
          <Routes>
            <Route path={`/${MANUALS}/:id/edit`} element={<ManualEditPage />} />
            <Route path="*" element={<p>移動しました</p>} />
          </Routes>
          <Notification />
        </>,
        { dataProvider, resource: MANUALS, initialEntries: [`/${MANUALS}/5/edit`] },
      );
      const user = userEvent.setup();
      await screen.findByRole('textbox', { name: '本文' });
      await waitFor(() => expect(screen.getByLabelText('タイトル')).toHaveValue(title));
      await user.click(screen.getByRole('button', { name: '保存' }));
      expect(await screen.findByText('変更はありません')).toBeInTheDocument();
      expect(await screen.findByText('移動しました')).toBeInTheDocument();
      expect(dataProvider.update).not.toHaveBeenCalled();
    },
  );

  it('asks for a link in its own dialog: an unsafe URL is refused and kept, a safe one becomes a markdown link', async () => {
    renderCreate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'リンク' }));
    const dialog = await screen.findByRole('dialog', { name: 'リンクを挿入' });
    const url = within(dialog).getByRole('textbox', { name: 'リンク先のURL' });
    await user.type(url, 'javascript:alert(1){Enter}');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveValue('javascript:alert(1)');
    await user.clear(url);
    await user.type(url, 'https://example.jp/手順{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    expect(screen.getByRole('textbox', { name: '本文（Markdown）' })).toHaveValue('[https://example.jp/手順](https://example.jp/手順)');
  });
});
