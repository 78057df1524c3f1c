import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Form } from 'react-admin';
import { MultiChoiceInput } from '../../../src/app/inputs/MultiChoiceInput';
import { palette } from '../../../src/layout/theme';
import { renderWithAdmin } from '../renderWithAdmin';

const MESSAGE = '契約サービスを少なくとも1つは選んでください。';
const CHOICES = [
  { value: 'share', label: 'シェア' },
  { value: 'medorder', label: '発注' },
];

/** A form whose only rule is the pharmacy's: at least one service (a form-level rule, as the pharmacy form's). */
const renderForm = () => {
  const onSubmit = vi.fn();
  renderWithAdmin(
    <Form
      record={{ services: [] }}
      onSubmit={onSubmit}
      validate={(values: Record<string, unknown>) => ((values.services as unknown[] | undefined)?.length ? {} : { services: MESSAGE })}
    >
      <MultiChoiceInput source="services" label="契約サービス" choices={CHOICES} isRequired />
      <button type="submit">保存</button>
    </Form>,
  );
  return onSubmit;
};

/** The hex colour as jsdom's computed style writes it. */
const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

describe('MultiChoiceInput', () => {
  it('shows its error as red helper text that describes the group, and focuses the group on a failed save', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const group = screen.getByRole('group', { name: '契約サービス' });
    expect(group).not.toHaveAttribute('aria-describedby');

    await user.click(screen.getByRole('button', { name: '保存' }));
    const error = await screen.findByText(MESSAGE);
    expect(onSubmit).not.toHaveBeenCalled();
    // The message is MUI's helper text in its error state, so it takes the theme's error colour.
    const helper = error.closest('.MuiFormHelperText-root');
    expect(helper).not.toBeNull();
    expect(helper).toHaveClass('Mui-error');
    expect(getComputedStyle(helper!).color).toBe(rgb(palette.error));
    // A screen reader hears it with the group, and the keyboard is taken there.
    expect(group).toHaveAccessibleDescription(MESSAGE);
    await waitFor(() => expect(within(group).getByRole('checkbox', { name: 'シェア' })).toHaveFocus());

    await user.click(within(group).getByRole('checkbox', { name: '発注' }));
    await waitFor(() => expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument());
    expect(group).not.toHaveAttribute('aria-describedby');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ services: ['medorder'] });
  });
});
