import { describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { lazyPage, type PageLoader } from '../../../src/app/lazyPage';
import fc from 'fast-check';
import { customRoutePages, likelyNextPaths, preloadLikelyNext, preloadRoute, routeChunks } from '../../../src/app/routePreload';
import type { ResourceDeclaration } from '../../../src/resources/types';
import type { ResourceRoutes } from '../../../src/resources/resourceViews';

vi.mock('react-router-dom', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router-dom')>();
  return { ...actual, matchPath: vi.fn(actual.matchPath) };
});

const loader = () => vi.fn<PageLoader>(async () => ({ default: () => null }));

const setup = () => {
  const loaders = {
    login: loader(),
    home: loader(),
    forbidden: loader(),
    list: loader(),
    show: loader(),
    create: loader(),
    edit: loader(),
    pharmaciesTab: loader(),
    importScreen: loader(),
  };
  const routes: ResourceRoutes = {
    list: lazyPage(loaders.list),
    show: lazyPage(loaders.show),
    create: lazyPage(loaders.create),
    edit: lazyPage(loaders.edit),
    subRoutes: [{ path: 'import', view: lazyPage(loaders.importScreen) }],
  };
  const companies = {
    name: 'v2/core/companies',
    show: { tabs: [{ path: '', label: '基本情報', fields: ['name'] }, { path: 'pharmacies', label: '薬局', view: loaders.pharmaciesTab }] },
  } as unknown as ResourceDeclaration;
  const Forbidden = lazyPage(loaders.forbidden);
  const table = routeChunks(
    [
      { path: '/login', component: lazyPage(loaders.login) },
      { path: '/', component: lazyPage(loaders.home) },
      ...customRoutePages([{ props: { path: '/forbidden', element: { type: Forbidden as ComponentType } } } as never]),
    ],
    [companies],
    () => routes,
  );
  const called = () =>
    Object.entries(loaders)
      .filter(([, load]) => load.mock.calls.length > 0)
      .map(([name]) => name);
  return { table, called };
};

describe('preloadRoute', () => {
  it.each([
    ['/login', ['login']],
    ['/', ['home']],
    ['/forbidden', ['forbidden']],
    ['/v2/core/companies', ['list']],
    ['/v2/core/companies/new', ['create']],
    ['/v2/core/companies/3/edit', ['edit']],
    ['/v2/core/companies/import', ['importScreen']],
    ['/v2/core/companies/3', ['show']],
    ['/v2/core/companies/3/pharmacies', ['show', 'pharmaciesTab']],
    ['/nowhere', []],
  ])('%s loads only its own screen', async (path, expected) => {
    const { table, called } = setup();
    await preloadRoute(path, table);
    expect(called()).toEqual(expected);
  });

  it('matches a pathname against the table once: a link’s hover, press, focus and navigation compile no pattern again (issue 38)', async () => {
    const { table, called } = setup();
    await preloadRoute('/v2/core/companies/3/pharmacies', table);
    const compiled = vi.mocked(matchPath).mock.calls.length;
    expect(compiled).toBeGreaterThan(0);
    for (let intent = 0; intent < 3; intent += 1) await preloadRoute('/v2/core/companies/3/pharmacies', table);
    expect(vi.mocked(matchPath).mock.calls.length).toBe(compiled);
    expect(called()).toEqual(['show', 'pharmaciesTab']);
  });

  it('never rejects: a chunk that fails now loads again when the screen renders', async () => {
    const broken = vi.fn<PageLoader>(async () => Promise.reject(new TypeError('Failed to fetch')));
    const table = routeChunks([{ path: '/login', component: lazyPage(broken) }], [], () => ({ list: () => null, subRoutes: [] }));
    await expect(preloadRoute('/login', table)).resolves.toBeUndefined();
    expect(broken).toHaveBeenCalledTimes(1);
  });
});

describe('the idle prefetch: the screen a user most likely opens next, never a family (issue 38)', () => {
  it.each([
    ['/', ['/v2/core/pharmacies', '/v2/core/inquiries']],
    ['/v2/core/companies', ['/v2/core/companies/0']],
    ['/v2/core/companies/3', ['/v2/core/companies/0/edit']],
    ['/v2/core/companies/3/pharmacies', ['/v2/core/companies/0/edit']],
    ['/v2/core/companies/3/edit', []],
    ['/v2/core/companies/new', []],
    ['/v2/core/inquiries', []],
  ])('from %s: %j', (path, expected) => {
    expect(likelyNextPaths(path, ['v2/core/companies', 'v2/core/company'])).toEqual(expected);
  });

  it('names at most one screen, and only under the resource the user is on (property)', () => {
    const segment = fc.stringMatching(/^[a-z0-9_]{1,8}$/);
    fc.assert(
      fc.property(fc.uniqueArray(segment, { minLength: 1, maxLength: 4 }), fc.array(segment, { maxLength: 4 }), (names, rest) => {
        const path = `/${[names[0], ...rest].join('/')}`;
        const next = likelyNextPaths(path, names);
        expect(next.length).toBeLessThanOrEqual(1);
        for (const candidate of next) expect(names.some((name) => candidate.startsWith(`/${name}/`))).toBe(true);
      }),
    );
  });

  it('on a list loads the detail screen and its first tab, nothing else, and nothing while the list is read for its first 10 s', async () => {
    vi.useFakeTimers();
    try {
      const { table, called } = setup();
      const done = preloadLikelyNext('/v2/core/companies', table, ['v2/core/companies']);
      // Issue 38 counts a first visit's script bytes over its first 10 s.
      await vi.advanceTimersByTimeAsync(9_999);
      expect(called()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      // Then the first idle moment.
      await vi.runAllTimersAsync();
      await done;
      expect(called()).toEqual(['show']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a detail loads its edit form at the first idle moment: only a list waits', async () => {
    vi.useFakeTimers();
    try {
      const { table, called } = setup();
      const done = preloadLikelyNext('/v2/core/companies/3', table, ['v2/core/companies']);
      await vi.advanceTimersByTimeAsync(1);
      expect(called()).toEqual(['edit']);
      await done;
    } finally {
      vi.useRealTimers();
    }
  });
});
