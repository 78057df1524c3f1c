import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageDialog, type MessageDialogState } from '../../src/customRoutes/inquiries/MessageDialog';
import { SubjectDialog } from '../../src/customRoutes/inquiries/SubjectDialog';
import { createHttpError } from '../../src/dataProvider/httpError';
import type { InquiryMessage } from '../../src/dataProvider/methods/inquiries';
import type { PlaceholderValues } from '../../src/customRoutes/inquiries/savedReplyText';
import { createTestDataProvider, renderWithAdmin, testRuntime } from './renderWithAdmin';

afterEach(() => vi.useRealTimers());

const SAVED_REPLIES = [
  { id: 1, shortcut: 'close', title: '解決の確認とクローズ', body: 'ご確認ありがとうございました。' },
  { id: 2, shortcut: 'thanks', title: 'お問い合わせへのお礼', body: '{薬局名} ご担当者様\nCSの{担当者名}です。' },
];
/** The saved replies the dialog offers; the list's own search is the server's, so every reply answers. */
const replyProvider = () =>
  createTestDataProvider({ getList: vi.fn(async () => ({ data: SAVED_REPLIES, total: SAVED_REPLIES.length })) as never });

const renderDialog = (state: MessageDialogState, onSend = vi.fn(async () => {}), onEdit = vi.fn(async () => {}), placeholders?: PlaceholderValues) => {
  const onClose = vi.fn();
  renderWithAdmin(<MessageDialog state={state} onClose={onClose} onSend={onSend} onEdit={onEdit} placeholders={placeholders} />, { dataProvider: replyProvider() });
  const dialog = screen.getByRole('dialog');
  return { dialog, input: within(dialog).getByLabelText('メッセージ'), onSend, onEdit, onClose };
};

describe('the inquiry message dialog', () => {
  it('offers no 定型文 (button, 「/」 hint or shortcut) where the environment has no saved replies, and asks for none', () => {
    vi.useFakeTimers();
    const provider = replyProvider();
    renderWithAdmin(<MessageDialog state={{ mode: 'send' }} onClose={vi.fn()} onSend={vi.fn(async () => {})} onEdit={vi.fn(async () => {})} />, {
      dataProvider: provider,
      runtime: testRuntime({ capabilities: [] }),
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: '定型文を挿入' })).toBeNull();
    expect(within(dialog).queryByText(/定型文/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'マニュアルから挿入' })).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('メッセージ'), { target: { value: '/close' } });
    // Well past the replies' search pause: nothing was asked and nothing is offered.
    act(() => vi.advanceTimersByTime(5000));
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(provider.getList).not.toHaveBeenCalled();
  });

  it('focuses its input 100 ms after opening', () => {
    vi.useFakeTimers();
    const { input } = renderDialog({ mode: 'send' });
    act(() => vi.advanceTimersByTime(99));
    expect(input).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(input).toHaveFocus();
  });

  it('keeps send disabled without content and while sending', async () => {
    let finish: () => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog, input, onClose } = renderDialog({ mode: 'send' }, onSend);
    const send = within(dialog).getByRole('button', { name: '送信' });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: '確認します' } });
    expect(send).toBeEnabled();
    fireEvent.click(send);
    expect(send).toBeDisabled();
    expect(onSend).toHaveBeenCalledWith('確認します', undefined, undefined);
    await act(async () => finish());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the danger alert with the server reason on failure and keeps the text', async () => {
    const onSend = vi.fn(async () => {
      throw createHttpError(422, { errors: ['添付できるのはPNGまたはJPEG形式の画像（png, jpg, jpeg）のみです。'] });
    });
    const { dialog, input, onClose } = renderDialog({ mode: 'send' }, onSend);
    fireEvent.change(input, { target: { value: '写真です' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '送信' })));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('メッセージ送信でエラーが発生しました。');
    expect(alert).toHaveTextContent('添付できるのはPNGまたはJPEG形式の画像（png, jpg, jpeg）のみです。');
    expect(input).toHaveValue('写真です');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a file that is not png, jpg or jpeg before uploading anything', () => {
    const { dialog } = renderDialog({ mode: 'send' });
    const picker = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(['x'], 'notes.gif', { type: 'image/gif' })] } });
    expect(dialog).toHaveTextContent('添付できるのはPNGまたはJPEG形式の画像（png, jpg, jpeg）のみです。');
    expect(within(dialog).queryByTestId('inquiry-attachment-name')).toBeNull();
    fireEvent.change(picker, { target: { files: [new File(['x'], '棚.JPG', { type: 'image/jpeg' })] } });
    expect(within(dialog).getByTestId('inquiry-attachment-name')).toHaveTextContent('棚.JPG');
  });

  it('edits with the message text filled in', async () => {
    const message = { id: 4, roomId: 1, senderId: 1, content: '元の文', files: [], createdAt: new Date() };
    const { dialog, input, onEdit } = renderDialog({ mode: 'edit', message });
    expect(input).toHaveValue('元の文');
    fireEvent.change(input, { target: { value: '直した文' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    expect(onEdit).toHaveBeenCalledWith(message, '直した文');
  });

  it('「/」 and a shortcut offer the saved replies; Enter puts the chosen one in its place with the room’s placeholders filled', async () => {
    const { dialog, input, onClose } = renderDialog({ mode: 'send' }, undefined, undefined, { 薬局名: '渋谷駅前薬局', 担当者名: '管理 花子' });
    fireEvent.change(input, { target: { value: 'はい。\n/th', selectionStart: 8, selectionEnd: 8 } });
    const options = await within(dialog).findByRole('listbox', { name: '定型文の候補' });
    const offered = within(options).getAllByRole('option');
    // The shortcut typed comes first and is the active option the message box points at.
    expect(offered[0]).toHaveTextContent('/thanks');
    expect(offered[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', offered[0].id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(within(options).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    fireEvent.change(input, { target: { value: 'はい。\n/tha', selectionStart: 9, selectionEnd: 9 } });
    await within(dialog).findByRole('listbox', { name: '定型文の候補' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue('はい。\n渋谷駅前薬局 ご担当者様\nCSの管理 花子です。');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
  });

  it('a placeholder it cannot fill stays in the text and is pointed out', async () => {
    const { dialog, input } = renderDialog({ mode: 'send' }, undefined, undefined, { 薬局名: '渋谷駅前薬局' });
    fireEvent.change(input, { target: { value: '/thanks', selectionStart: 7, selectionEnd: 7 } });
    await within(dialog).findByRole('listbox', { name: '定型文の候補' });
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input).toHaveValue('渋谷駅前薬局 ご担当者様\nCSの{担当者名}です。');
    expect(within(dialog).getByText('{担当者名} を入れられませんでした。送信前に書き換えてください。')).toBeVisible();
  });

  it('offers nothing for a slash inside a word or a URL', () => {
    const { dialog, input } = renderDialog({ mode: 'send' });
    fireEvent.change(input, { target: { value: 'https://example.jp/th', selectionStart: 21, selectionEnd: 21 } });
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });
});

describe('the subject dialog', () => {
  it('disables save when empty and keeps the text with the danger alert on failure', async () => {
    const onSave = vi.fn(async () => {
      throw createHttpError(500);
    });
    render(<SubjectDialog open subject="元の件名" onClose={() => {}} onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: '件名を変更' });
    const input = within(dialog).getByLabelText('件名');
    const save = within(dialog).getByRole('button', { name: '保存' });
    fireEvent.change(input, { target: { value: ' ' } });
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: '新しい件名' } });
    await act(async () => fireEvent.click(save));
    expect(onSave).toHaveBeenCalledWith('新しい件名');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('メッセージ送信でエラーが発生しました。');
    expect(input).toHaveValue('新しい件名');
  });

  it('saved as it opened, sends nothing and closes (an untouched subject is never trimmed or rewritten)', async () => {
    const onSave = vi.fn(async () => {});
    const onClose = vi.fn();
    render(<SubjectDialog open subject=" 前後に空白のある件名 " onClose={onClose} onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: '件名を変更' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('a draft per room (issue 25): the unsent text survives closing, a room switch and a reload', () => {
  const ROOM_A = 'cs-portal.draft:production:1:v2%2Fcore%2Finquiries%2Frooms:7';
  const ROOM_B = 'cs-portal.draft:production:1:v2%2Fcore%2Finquiries%2Frooms:8';
  afterEach(() => localStorage.clear());

  const open = (state: MessageDialogState, draftKey: string, onSend = vi.fn(async () => {})) => {
    const view = renderWithAdmin(<MessageDialog state={state} onClose={vi.fn()} onSend={onSend} onEdit={vi.fn(async () => {})} draftKey={draftKey} />, { dataProvider: replyProvider() });
    const dialog = screen.getByRole('dialog');
    return { ...view, dialog, input: within(dialog).getByLabelText('メッセージ'), onSend };
  };

  it('keeps what was typed for its room only, restores it with the time it was kept, and forgets it once sent', async () => {
    const first = open({ mode: 'send' }, ROOM_A);
    fireEvent.change(first.input, { target: { value: 'お調べして折り返します' } });
    first.unmount();

    const other = open({ mode: 'send' }, ROOM_B);
    expect(other.input).toHaveValue('');
    expect(within(other.dialog).queryByText(/下書きを復元しました/)).toBeNull();
    other.unmount();

    const again = open({ mode: 'send' }, ROOM_A);
    expect(again.input).toHaveValue('お調べして折り返します');
    expect(within(again.dialog).getByText(/の下書きを復元しました。/).closest('[role="status"]')).not.toBeNull();
    await act(async () => fireEvent.click(within(again.dialog).getByRole('button', { name: '送信' })));
    expect(again.onSend).toHaveBeenCalledWith('お調べして折り返します', undefined, undefined);
    expect(localStorage.getItem(ROOM_A)).toBeNull();
  });

  it('keeps the draft when sending fails, drops it on 下書きを破棄 or when emptied, and never for an edit', async () => {
    const failing = open({ mode: 'send' }, ROOM_A, vi.fn(async () => {
      throw createHttpError(503, { errors: ['一時的なエラー'] });
    }));
    fireEvent.change(failing.input, { target: { value: '送れなかった文' } });
    await act(async () => fireEvent.click(within(failing.dialog).getByRole('button', { name: '送信' })));
    expect(JSON.parse(localStorage.getItem(ROOM_A)!).fields).toEqual({ content: '送れなかった文' });
    failing.unmount();

    const restored = open({ mode: 'send' }, ROOM_A);
    fireEvent.click(within(restored.dialog).getByRole('button', { name: '下書きを破棄' }));
    expect(restored.input).toHaveValue('');
    expect(localStorage.getItem(ROOM_A)).toBeNull();
    fireEvent.change(restored.input, { target: { value: 'a' } });
    fireEvent.change(restored.input, { target: { value: '  ' } });
    expect(localStorage.getItem(ROOM_A)).toBeNull();
    restored.unmount();

    const message = { id: 3, content: '元の文', senderName: '管理 花子' } as InquiryMessage;
    const edit = open({ mode: 'edit', message }, ROOM_A);
    fireEvent.change(edit.input, { target: { value: '直した文' } });
    expect(localStorage.getItem(ROOM_A)).toBeNull();
  });
});
