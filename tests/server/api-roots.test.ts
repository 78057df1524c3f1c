import { describe, expect, it } from 'vitest';
import { API_ROOTS, apiRootOf, DEMO_ROOT, IDENTITY_PAGES } from '../../src/contract';
import { apiRoot } from '../../server/shared/security';
import { isApiPath } from '../../server/site/static';
import { apiProxy } from '../../vite.config';

// Issue 24 item 7: one list of API roots (src/contract/apiRoots.ts), read by the static handler,
// the security layer and Vite's dev proxy alike.
describe('the API roots', () => {
  it('are what the static handler keeps from the SPA and the security layer treats as API, at / and /demo/', () => {
    for (const root of API_ROOTS) {
      for (const path of [`/${root}`, `/${root}/`, `/${root}/x/y`, `/${DEMO_ROOT}/${root}`, `/${DEMO_ROOT}/${root}/x`]) {
        expect(isApiPath(path), path).toBe(true);
        expect(apiRoot(path), path).toBe(root);
        expect(apiRootOf(path), path).toBe(root);
      }
    }
  });

  it('leave the SPA its own paths', () => {
    for (const path of ['/', '/login', '/v2/core/pharmacies', '/v1/pharmacies/1', '/assets/index-abc.js', '/demo', '/demo/', '/demo/v2/core/users', '/corex', '/CORE/api', '/demo/demo/core']) {
      expect(isApiPath(path), path).toBe(false);
      expect(apiRoot(path), path).toBeUndefined();
    }
  });

  it('are what Vite proxies to the API in development (with /demo), websockets on the cable and the demo', () => {
    const roots = Object.keys(apiProxy).filter((key) => !key.startsWith('^'));
    expect(roots.sort()).toEqual([...API_ROOTS, DEMO_ROOT].map((root) => `/${root}`).sort());
    const ws = Object.entries(apiProxy).filter(([, rule]) => rule.ws).map(([path]) => path).sort();
    expect(ws).toEqual(['/cable', '/demo']);
  });

  it('Vite also proxies the hosted login and logout, and only those exact pages', () => {
    const pages = Object.keys(apiProxy).filter((key) => key.startsWith('^')).map((key) => new RegExp(key));
    const proxied = (url: string) => pages.some((pattern) => pattern.test(url));
    for (const url of ['/authorize', '/authorize?client_id=cs-portal&state=x', '/v2/logout', '/v2/logout?returnTo=http%3A%2F%2Flocalhost']) {
      expect(proxied(url), url).toBe(true);
    }
    for (const url of ['/v2/core/pharmacies', '/v2/logoutx', '/authorized', '/v2/core/users?authorize=1']) expect(proxied(url), url).toBe(false);
    expect(IDENTITY_PAGES).toEqual(['/authorize', '/v2/logout']);
  });
});
