import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SafeConfirm } from '../../src/app/SafeConfirm';
import { renderWithAdmin } from './renderWithAdmin';

const renderConfirm = () => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithAdmin(
    <SafeConfirm isOpen title="さくら薬局を会社から外す" content="app.confirm.delete" confirm="ra.action.delete" onConfirm={onConfirm} onClose={onClose} />,
  );
  return { onConfirm, onClose, user: userEvent.setup() };
};

describe('SafeConfirm', () => {
  it('opens with focus on キャンセル, so Enter cancels instead of destroying', async () => {
    const { onConfirm, onClose, user } = renderConfirm();
    const dialog = await screen.findByRole('dialog', { name: 'さくら薬局を会社から外す' });
    expect(dialog).toHaveAccessibleDescription('削除しますが、本当によろしいですか？');
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('styles the destructive action as danger and puts no warning icon on キャンセル', async () => {
    const { onConfirm, user } = renderConfirm();
    const dialog = await screen.findByRole('dialog');
    const cancel = within(dialog).getByRole('button', { name: 'キャンセル' });
    const remove = within(dialog).getByRole('button', { name: '削除' });
    expect(cancel.querySelector('svg')).toBeNull();
    expect(remove).toHaveClass('MuiButton-contained', 'MuiButton-colorError');
    await user.click(remove);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
