import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, localStorageStore, testDataProvider, type AuthProvider } from 'react-admin';
import SchemaList, { ListStylesSample } from '../../src/resources/schema/list/SchemaList';
import { ListStylesAhead } from '../../src/layout/ListStylesAhead';
import { createQueryClient } from '../../src/app/queryClient';
import { createI18nProvider } from '../../src/i18n';
import { findResource, resources } from '../../src/resources/registry';
import { DeclarationsProvider } from '../../src/resources/schema/shared/DeclarationsContext';
import { RuntimeProvider } from '../../src/app/RuntimeContext';
import { testRuntime } from './renderWithAdmin';

// A graph of its own (isolated): emotion's cache and the list module's "a list was drawn" are
// this file's alone, so the rules counted are the ones these renders wrote.

const RESOURCE = 'v2/core/pharmacies';
const rows = Array.from({ length: 25 }, (_, index) => ({
  id: index + 1,
  companyId: 1,
  name: `薬局${index + 1}`,
  address1: '東京都',
  endedOn: index === 0 ? '2020-01-01' : null,
  updatedAt: new Date('2026-10-01T00:00:00Z'),
}));

const signedIn: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  canAccess: async () => true,
  getIdentity: async () => ({ id: 'u1' }),
};

const Providers = ({ children, path }: { children: React.ReactNode; path: string }) => (
  <RuntimeProvider runtime={testRuntime()}>
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={testDataProvider({ getList: (async () => ({ data: rows, total: 25, meta: { totalPages: 3 } })) as never, getMany: (async () => ({ data: [] })) as never })}
        authProvider={signedIn}
        i18nProvider={createI18nProvider(resources)}
        store={localStorageStore()}
        queryClient={createQueryClient()}
      >
        <DeclarationsProvider findDeclaration={findResource}>{children}</DeclarationsProvider>
      </AdminContext>
    </TestMemoryRouter>
  </RuntimeProvider>
);

/** The CSS rules emotion has written into the page so far (one style element per rule outside production). */
const emotionRules = () => document.querySelectorAll('style[data-emotion]').length;

afterEach(() => localStorage.clear());

describe('the generated lists\' styles written ahead of a list (ListStylesAhead)', () => {
  it('puts the sample in the page once the home screen is idle, out of sight, then takes it out again', async () => {
    const seen: boolean[] = [];
    const observer = new MutationObserver(() => seen.push(document.querySelector('[data-testid="list-styles-sample"]') !== null));
    observer.observe(document.body, { childList: true, subtree: true });
    const before = emotionRules();
    const { unmount } = render(
      <Providers path="/">
        <ListStylesAhead />
      </Providers>,
    );
    await waitFor(() => expect(seen).toContain(true));
    // Out of sight and out of reach: no role a test or a screen reader finds, nothing focusable.
    const sample = document.querySelector('[data-testid="list-styles-sample"]');
    if (sample) {
      expect(sample.hasAttribute('hidden')).toBe(true);
      expect(sample.hasAttribute('inert')).toBe(true);
      expect(screen.queryByRole('table')).toBeNull();
    }
    await waitFor(() => expect(document.querySelector('[data-testid="list-styles-sample"]')).toBeNull(), { timeout: 5000 });
    observer.disconnect();
    // What the sample left behind: the frame's, the filters', the table's and the page links' rules.
    expect(emotionRules() - before).toBeGreaterThan(100);
    unmount();
  });

  it('leaves a list\'s first visit almost nothing to write: 薬局一覧 with its rows adds a handful of rules', async () => {
    // The sample has been drawn (the test above, same page); now the list itself, with its 25 rows.
    const before = emotionRules();
    render(
      <Providers path={`/${RESOURCE}`}>
        <ResourceContextProvider value={RESOURCE}>
          <SchemaList />
        </ResourceContextProvider>
      </Providers>,
    );
    await screen.findByText('薬局25');
    await screen.findByRole('navigation', { name: 'ページ送り' });
    // Without the sample the same render wrote 200-odd (the first test's count is the measure).
    expect(emotionRules() - before).toBeLessThan(30);
  });

  it('draws nothing once a list has been drawn in the page: its styles are in already', () => {
    render(
      <Providers path="/">
        <ListStylesSample />
      </Providers>,
    );
    expect(document.querySelector('[data-testid="list-styles-sample"]')).toBeNull();
  });
});
