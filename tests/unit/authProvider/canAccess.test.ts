import type { AuthProvider } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { canAccessWith, createAuthProvider, withAdminOnlyAccess } from '../../../src/authProvider';
import { createMemoryStorage } from '../../../src/lib/memoryStorage';
import { testEnvironment } from '../support/environment';

const stubProvider = (getPermissions: AuthProvider['getPermissions']): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions,
});

describe('canAccess (admin only)', () => {
  it('lets admins do every action on every resource, and nobody else', async () => {
    const admin = withAdminOnlyAccess(stubProvider(async () => ({ role: 'admin', isAdmin: true, pharmacyIds: [] })));
    const pharmacyUser = withAdminOnlyAccess(stubProvider(async () => ({ role: 'pharmacy', isAdmin: false, pharmacyIds: [1] })));
    for (const [resource, action] of [
      ['v2/core/companies', 'list'],
      ['v2/core/pharmacies', 'edit'],
      ['v2/core/groups', 'delete'],
      ['develop/jwt', 'access'],
    ]) {
      await expect(admin.canAccess({ resource, action })).resolves.toBe(true);
      await expect(pharmacyUser.canAccess({ resource, action })).resolves.toBe(false);
    }
  });

  it('denies when the permissions cannot be read (signed out)', async () => {
    const signedOut = withAdminOnlyAccess(
      stubProvider(async () => {
        throw new Error('no session');
      }),
    );
    await expect(signedOut.canAccess({ resource: 'v2/core/companies', action: 'list' })).resolves.toBe(false);
    expect(canAccessWith(undefined)).toBe(false);
  });

  it('is part of the provider createAuthProvider builds', async () => {
    const authProvider = createAuthProvider({ environment: testEnvironment(), storage: createMemoryStorage() });
    expect(authProvider.canAccess).toBeTypeOf('function');
    await expect(authProvider.canAccess!({ resource: 'v2/core/companies', action: 'list' })).resolves.toBe(false);
  });
});
