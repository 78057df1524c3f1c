import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider, withReturnPath } from '../../../src/authProvider';
import { createReturnPathStore, RETURN_PATH_STORAGE_KEY, returnPathOr, safeReturnPath } from '../../../src/authProvider/returnPath';
import { createMemoryStorage } from '../../../src/lib/memoryStorage';
import type { CsPortalAuthProvider } from '../../../src/authProvider';
import { testEnvironment } from '../support/environment';

/** What a browser makes of a path: same origin, and the screen the router shows. */
const resolved = (path: string) => new URL(path, 'https://portal.example.test');

describe('the return path after a sign-in (issue 40 item 7)', () => {
  it('keeps an in-app page with its query and hash', () => {
    expect(safeReturnPath('/v2/core/pharmacies/12/edit')).toBe('/v2/core/pharmacies/12/edit');
    expect(safeReturnPath('/v2/core/pharmacies?filter=%7B%7D&page=2#row-3')).toBe('/v2/core/pharmacies?filter=%7B%7D&page=2#row-3');
    expect(safeReturnPath('/v2/core/inquiries?roomId=5')).toBe('/v2/core/inquiries?roomId=5');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses other origins, however they are spelt', () => {
    for (const hostile of [
      '//evil.example',
      '//evil.example/v2/core/pharmacies',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/.//evil.example',
      '/..//evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '',
      ' /v2/core/pharmacies',
    ]) {
      expect(safeReturnPath(hostile), hostile).toBeUndefined();
    }
    expect(safeReturnPath(undefined)).toBeUndefined();
    expect(safeReturnPath({ pathname: '/' })).toBeUndefined();
  });

  it('never returns to the login page (a loop) or the 403 page', () => {
    for (const loop of ['/login', '/login/', '/login?code=1&state=2', '/%6Cogin', '/LOGIN', '/login#x', '/forbidden', '/forbidden/']) {
      expect(safeReturnPath(loop), loop).toBeUndefined();
    }
    expect(safeReturnPath('/login-help')).toBe('/login-help');
    expect(returnPathOr('//evil.example')).toBe('/');
  });

  it('any path it returns starts with a single / on this origin and is not /login (fast-check)', () => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', '%2F', '%5C', '%2e', 'login', 'LOGIN', 'evil.example', ':', '?', '#', '@', '\t', 'https:', 'v2', 'a b', '薬局');
    const candidates = fc.oneof(fc.string(), fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')), fc.webUrl().map((url) => url.replace(/^https?:/, '')));
    fc.assert(
      fc.property(candidates, (candidate) => {
        const path = safeReturnPath(candidate);
        if (path === undefined) return;
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        const url = resolved(path);
        expect(url.origin).toBe('https://portal.example.test');
        expect(decodeURIComponent(url.pathname).toLowerCase().replace(/\/+$/, '')).not.toBe('/login');
        // Checking it again changes nothing: what is stored and read back stays the same.
        expect(safeReturnPath(path)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });

  it('is remembered per tab from where the user was, and never overwritten by /login', () => {
    const storage = createMemoryStorage();
    const store = createReturnPathStore(storage);
    store.remember({ pathname: '/v2/core/pharmacies/12/edit', search: '?tab=1', hash: '#memo' });
    store.remember({ pathname: '/login', search: '', hash: '' });
    expect(store.peek()).toBe('/v2/core/pharmacies/12/edit?tab=1#memo');
    storage.setItem(RETURN_PATH_STORAGE_KEY, '//evil.example');
    expect(store.peek()).toBeUndefined();
    store.forget();
    expect(storage.getItem(RETURN_PATH_STORAGE_KEY)).toBeNull();
  });

  it('every sign-out remembers the page the user was on (a deep link opened signed out, a 401, the menu)', async () => {
    const storage = createMemoryStorage();
    const returnPaths = createReturnPathStore(storage);
    const location = { pathname: '/v2/core/pharmacies/12/edit', search: '', hash: '' };
    const inner = { logout: vi.fn(async () => '/login') } as unknown as CsPortalAuthProvider;
    await expect(withReturnPath(inner, returnPaths, location).logout({})).resolves.toBe('/login');
    expect(returnPaths.peek()).toBe('/v2/core/pharmacies/12/edit');

    const provider = createAuthProvider({ environment: testEnvironment(), storage: createMemoryStorage(), returnPaths, location: { pathname: '/v2/core/companies', search: '?page=3', hash: '' } });
    await provider.logout({});
    expect(returnPaths.peek()).toBe('/v2/core/companies?page=3');
  });
});
