import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, TextInput } from 'react-admin';
import { EnvironmentSwitcher, SWITCH_CONFIRM_ACTION, SWITCH_CONFIRM_TITLE } from '../../src/layout/EnvironmentSwitcher';
import { UnsavedChangesGuard } from '../../src/app/UnsavedChangesGuard';
import type { Runtime } from '../../src/app/RuntimeContext';
import { renderWithAdmin, testEnvironment, testRuntime } from './renderWithAdmin';

const twoEnvironments = (): Runtime => {
  const runtime = testRuntime();
  return {
    ...runtime,
    config: { ...runtime.config, environments: [testEnvironment, { ...testEnvironment, key: 'demo', label: 'デモ環境' }] },
  };
};

const EditedForm = () => (
  <Form>
    <TextInput source="name" label="会社名" />
    <UnsavedChangesGuard />
  </Form>
);

const chooseDemo = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('combobox', { name: /接続先/ }));
  await user.click(await screen.findByRole('option', { name: 'デモ環境' }));
};

describe('EnvironmentSwitcher', () => {
  it('is named by its label and the environment it shows', () => {
    renderWithAdmin(<EnvironmentSwitcher />, { runtime: twoEnvironments() });
    expect(screen.getByRole('combobox', { name: '接続先 本番環境' })).toBeInTheDocument();
  });

  it('switches at once when nothing is being edited', async () => {
    const user = userEvent.setup();
    const { runtime } = renderWithAdmin(<EnvironmentSwitcher />, { runtime: twoEnvironments() });
    await chooseDemo(user);
    expect(runtime.switchEnvironment).toHaveBeenCalledWith('demo');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first when a form holds unsaved changes, with focus on キャンセル', async () => {
    const user = userEvent.setup();
    const { runtime } = renderWithAdmin(
      <>
        <EditedForm />
        <EnvironmentSwitcher />
      </>,
      { runtime: twoEnvironments() },
    );
    await user.type(screen.getByLabelText('会社名'), '株式会社さくら');
    await chooseDemo(user);
    const dialog = await screen.findByRole('dialog', { name: SWITCH_CONFIRM_TITLE });
    expect(runtime.switchEnvironment).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(runtime.switchEnvironment).not.toHaveBeenCalled();
    expect(screen.getByLabelText('会社名')).toHaveValue('株式会社さくら');

    await chooseDemo(user);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: SWITCH_CONFIRM_ACTION }));
    expect(runtime.switchEnvironment).toHaveBeenCalledWith('demo');
  });
});
