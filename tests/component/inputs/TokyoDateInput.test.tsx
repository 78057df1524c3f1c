import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Form } from 'react-admin';
import { TokyoDateInput } from '../../../src/app/inputs/TokyoDateInput';
import { renderWithAdmin } from '../renderWithAdmin';

// The bug this input fixes showed west of Japan: run as a browser in New York.
const originalZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalZone;
});

const renderForm = (record: Record<string, unknown>, props: { min?: string } = {}) => {
  const onSubmit = vi.fn();
  renderWithAdmin(
    // noValidate: the browser's own min/max check would stop the submit before react-admin's.
    <Form record={record} onSubmit={onSubmit} noValidate>
      <TokyoDateInput source="endedOn" label="終了日" {...props} />
      <button type="submit">保存</button>
    </Form>,
  );
  return { onSubmit, input: () => screen.getByLabelText('終了日') as HTMLInputElement };
};

describe('TokyoDateInput in New York', () => {
  it('runs in New York indeed', () => {
    expect(new Date('2026-11-22T00:00:00Z').getTimezoneOffset()).toBe(300);
  });

  it('shows and saves 2026-11-22 as 2026-11-22', async () => {
    const { onSubmit, input } = renderForm({ id: 1, endedOn: '2026-11-22' });
    expect(input()).toHaveAttribute('type', 'date');
    expect(input().value).toBe('2026-11-22');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ endedOn: '2026-11-22' });
  });

  it('shows a Date at Japan midnight (what the old decoder produced) as its Japan day, not the New York one', () => {
    const { input } = renderForm({ id: 1, endedOn: new Date('2026-11-21T15:00:00Z') });
    expect(input().value).toBe('2026-11-22');
  });

  it('saves a picked day as that day, and a cleared input as null', async () => {
    const { onSubmit, input } = renderForm({ id: 1, endedOn: '2026-11-22' });
    fireEvent.change(input(), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ endedOn: '2026-12-01' });
    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1][0]).toMatchObject({ endedOn: null });
  });

  it('bounds the picker and refuses a day before min with a Japanese message', async () => {
    const { onSubmit, input } = renderForm({ id: 1, endedOn: null }, { min: '2026-11-22' });
    expect(input()).toHaveAttribute('min', '2026-11-22');
    expect(input()).toHaveAttribute('max', '9999-12-31');
    fireEvent.change(input(), { target: { value: '2026-11-21' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('2026年11月22日以降の日付を入力してください')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
