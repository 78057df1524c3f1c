// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ENVIRONMENT_STORAGE_KEY, selectEnvironment, switchEnvironment } from '../../../src/config/environment';
import { testEnvironment } from '../support/environment';

afterEach(() => localStorage.clear());

describe('environment choice in the browser', () => {
  it('persists in localStorage by default', () => {
    const config = { defaultEnvironment: 'production', localDevelopment: false, environments: [testEnvironment({ key: 'production' }), testEnvironment({ key: 'demo' })] };
    switchEnvironment('demo');
    expect(localStorage.getItem(ENVIRONMENT_STORAGE_KEY)).toBe('demo');
    expect(selectEnvironment(config).key).toBe('demo');
  });
});
