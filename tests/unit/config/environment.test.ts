import { describe, expect, it, vi } from 'vitest';
import { ENVIRONMENT_STORAGE_KEY, selectEnvironment, switchEnvironment, switchEnvironmentAndSignOut } from '../../../src/config/environment';
import type { RuntimeConfig } from '../../../src/contract/configTypes';
import { createMemoryStorage } from '../../../src/lib/memoryStorage';
import { testEnvironment } from '../support/environment';

const config: RuntimeConfig = {
  defaultEnvironment: 'production',
  localDevelopment: false,
  environments: [testEnvironment({ key: 'production', label: '本番環境' }), testEnvironment({ key: 'demo', label: 'デモ環境' })],
};

describe('selectEnvironment', () => {
  it('uses the default when nothing is stored', () => {
    expect(selectEnvironment(config, createMemoryStorage()).key).toBe('production');
  });

  it('uses the stored key', () => {
    expect(selectEnvironment(config, createMemoryStorage({ [ENVIRONMENT_STORAGE_KEY]: 'demo' })).key).toBe('demo');
  });

  it('falls back to the default when the stored key is unknown', () => {
    expect(selectEnvironment(config, createMemoryStorage({ [ENVIRONMENT_STORAGE_KEY]: 'staging' })).key).toBe('production');
  });

  it('works without any storage (node)', () => {
    expect(selectEnvironment(config, undefined).key).toBe('production');
  });
});

describe('switchEnvironment', () => {
  it('stores the key under cs-portal.environment', () => {
    const storage = createMemoryStorage();
    switchEnvironment('demo', storage);
    expect(storage.getItem('cs-portal.environment')).toBe('demo');
    expect(selectEnvironment(config, storage).key).toBe('demo');
  });

  it('signs out and reloads on /login', async () => {
    const storage = createMemoryStorage();
    const calls: string[] = [];
    const authProvider = { logout: vi.fn(async () => void calls.push('logout')) };
    const navigate = vi.fn((url: string) => void calls.push(`navigate ${url}`));
    await switchEnvironmentAndSignOut('demo', authProvider, { storage, navigate });
    expect(storage.getItem(ENVIRONMENT_STORAGE_KEY)).toBe('demo');
    expect(calls).toEqual(['logout', 'navigate /login']);
  });

  it('reloads on /login even when the logout fails', async () => {
    const navigate = vi.fn();
    const authProvider = { logout: vi.fn(async () => Promise.reject(new Error('offline'))) };
    await expect(switchEnvironmentAndSignOut('demo', authProvider, { storage: createMemoryStorage(), navigate })).rejects.toThrow('offline');
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
