import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AccountMenu } from '../../src/layout/AccountMenu';
import { adminAuthProvider, renderWithAdmin } from './renderWithAdmin';

const authProvider = adminAuthProvider({ id: 'auth0|abc', fullName: '管理 花子', email: 'admin@example.com', picture: 'data:image/svg+xml,x' });

describe('the account button (issue 40: image-redundant-alt)', () => {
  it('shows the picture as decoration beside the name: no image repeats the button\'s name', async () => {
    renderWithAdmin(<AccountMenu />, { authProvider });
    // jsdom has no wide screen: the icon button of a phone, whose picture is the same.
    const button = (await screen.findAllByRole('button', { name: 'プロフィール' }))[0];
    await waitFor(() => expect(button.querySelector('img')).not.toBeNull());
    const picture = button.querySelector('img');
    expect(picture).toHaveAttribute('src', 'data:image/svg+xml,x');
    expect(picture).toHaveAttribute('alt', '');
    expect(within(button).queryByRole('img', { name: '管理 花子' })).toBeNull();
  });
});
