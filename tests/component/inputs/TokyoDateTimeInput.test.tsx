import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Form } from 'react-admin';
import { TokyoDateTimeInput } from '../../../src/app/inputs/TokyoDateTimeInput';
import { renderWithAdmin } from '../renderWithAdmin';

// A browser in New York edits Japan wall time, not its own.
const originalZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalZone;
});

const renderForm = (record: Record<string, unknown>) => {
  const onSubmit = vi.fn();
  renderWithAdmin(
    <Form record={record} onSubmit={onSubmit}>
      <TokyoDateTimeInput source="publishedAt" label="公開日時" />
      <button type="submit">保存</button>
    </Form>,
  );
  return { onSubmit, input: () => screen.getByLabelText('公開日時') as HTMLInputElement };
};

describe('TokyoDateTimeInput in New York', () => {
  it('runs in New York indeed', () => {
    expect(new Date('2026-11-22T00:00:00Z').getTimezoneOffset()).toBe(300);
  });

  it('shows an instant as its Japan wall time: 2026-11-21T16:05Z is 2026-11-22 01:05', () => {
    const { input } = renderForm({ id: 1, publishedAt: new Date('2026-11-21T16:05:00Z') });
    expect(input()).toHaveAttribute('type', 'datetime-local');
    expect(input().value).toBe('2026-11-22T01:05');
  });

  it('saves the typed Japan time as its ISO instant, and a cleared input as null', async () => {
    const { onSubmit, input } = renderForm({ id: 1, publishedAt: '2026-11-21T16:05:00.000Z' });
    expect(input().value).toBe('2026-11-22T01:05');
    fireEvent.change(input(), { target: { value: '2026-11-22T09:00' } });
    expect(input().value).toBe('2026-11-22T09:00');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ publishedAt: '2026-11-22T00:00:00.000Z' });
    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1][0]).toMatchObject({ publishedAt: null });
  });
});
