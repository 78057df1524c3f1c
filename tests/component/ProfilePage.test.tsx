import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import ProfilePage from '../../src/customRoutes/develop/ProfilePage';
import type { ApiResponse } from '../../src/dataProvider';
import { adminAuthProvider, createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const authProvider = adminAuthProvider({ id: 'auth0|abc', fullName: '管理 花子', email: 'admin@example.com', picture: 'data:image/svg+xml,x' });

describe('ProfilePage', () => {
  it('shows the picture, name and e-mail of the sign-in and the core user object', async () => {
    const send = createSendMock();
    send.mockResolvedValue({ status: 200, headers: new Headers(), json: { id: 1, email: 'admin@example.com', pharmacyIds: [] } } as ApiResponse<unknown>);
    renderWithAdmin(<ProfilePage />, { dataProvider: createTestDataProvider({ send }), authProvider });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('管理 花子');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('admin@example.com');
    expect(screen.getByRole('img', { name: '管理 花子' })).toHaveAttribute('src', 'data:image/svg+xml,x');
    expect(await screen.findByTestId('profile-user')).toHaveTextContent('"pharmacyIds": []');
    expect(send).toHaveBeenCalledWith({ path: '/api/v2/core/common/users/me' });
  });
});
