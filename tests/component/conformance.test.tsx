import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider } from 'react-admin';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import SchemaShow from '../../src/resources/schema/show/SchemaShow';
import SchemaCreate from '../../src/resources/schema/form/SchemaCreate';
import SchemaEdit from '../../src/resources/schema/form/SchemaEdit';
import { resources } from '../../src/resources/registry';
import type { FieldDeclaration, ResourceDeclaration } from '../../src/resources/types';
import { renderWithAdmin } from './renderWithAdmin';

/** A value of each declared type, so every registry entry renders with a plausible record. */
const sampleValue = (field: FieldDeclaration, index: number): unknown => {
  switch (field.type) {
    case 'id':
    case 'number':
      return index + 1;
    case 'decimal':
      return 12.5;
    case 'date':
      return '2026-11-22';
    case 'datetime':
      return new Date('2026-11-21T15:30:00Z');
    case 'boolean':
      return true;
    case 'email':
      return 'yakkyoku@example.jp';
    case 'url':
      return 'https://example.jp/';
    case 'choice':
      return field.choices?.[0]?.value;
    case 'multiChoice':
      return [field.choices?.[0]?.value];
    default:
      return field.example ?? `試験値${index}`;
  }
};

const setPath = (record: Record<string, unknown>, path: string, value: unknown) => {
  const keys = path.split('.');
  let node = record;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
};

const sampleRecord = (resource: ResourceDeclaration) => {
  const record: Record<string, unknown> = { id: 1 };
  Object.entries(resource.fields).forEach(([path, field], index) => setPath(record, path, sampleValue(field, index)));
  record.id = 1;
  return record;
};

/** ra-data-fakerest over one generated record, with paging meta as our provider returns it. */
const fakeProvider = (resource: ResourceDeclaration): DataProvider => {
  const base = fakeRestProvider({ [resource.name]: [sampleRecord(resource)] });
  return {
    ...base,
    getList: async (name, params) => ({ ...(await base.getList(name, params)), meta: { totalPages: 1, currentPage: 1 } }),
  };
};

/** A form label as react-admin writes it: the declared label, with ` *` when the field is required. */
const formLabel = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

const headerTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim());

const table = (filter: (resource: ResourceDeclaration) => boolean) =>
  resources.filter(filter).map((resource) => [resource.name, resource] as const);

// No skipped cases: each screen's table holds exactly the resources that have that screen.
describe.each(table(() => true))('conformance of the list: %s', (_name, resource) => {
  it('renders every declared column header and a row', async () => {
    renderWithAdmin(<SchemaList />, { dataProvider: fakeProvider(resource), resource: resource.name, initialEntries: [`/${resource.name}`] });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    const hidden = new Set<string>(resource.list.hiddenColumns ?? []);
    const expected = resource.list.columns.filter((column) => !hidden.has(column)).map((column) => resource.fields[column].label);
    expect(headerTexts().slice(0, expected.length)).toEqual(expected);
  });

});

describe.each(table((resource) => !!resource.show))('conformance of the detail: %s', (_name, resource) => {
  it('renders the first tab\'s fields by label', async () => {
    renderWithAdmin(
      <Routes>
        <Route path={`/${resource.name}/:id/*`} element={<SchemaShow />} />
      </Routes>,
      { dataProvider: fakeProvider(resource), resource: resource.name, initialEntries: [`/${resource.name}/1`] },
    );
    const first = resource.show!.tabs[0];
    await screen.findByRole('tab', { name: first.label, selected: true });
    for (const field of [...(first.fields ?? []), ...(first.groups ?? []).flatMap((group) => group.fields)]) {
      if (resource.fields[field].adminOnly) continue;
      expect(await screen.findByText(resource.fields[field].label)).toBeInTheDocument();
    }
  });

});

describe.each(table((resource) => !!resource.form && !!resource.capabilities?.create))('conformance of the create form: %s', (_name, resource) => {
  it('submits every declared writable field', async () => {
    const dataProvider = fakeProvider(resource);
    const create = vi.spyOn(dataProvider, 'create');
    renderWithAdmin(
      <Routes>
        <Route path={`/${resource.name}/new`} element={<SchemaCreate />} />
        <Route path="*" element={<p>移動しました</p>} />
      </Routes>,
      { dataProvider, resource: resource.name, initialEntries: [`/${resource.name}/new`] },
    );
    const user = userEvent.setup();
    // The test signs in as no admin: admin-only fields are not on its form.
    const writable = resource.form!.fields.filter((field) => !resource.fields[field].readOnly && !resource.fields[field].adminOnly);
    for (const field of writable) {
      const declaration = resource.fields[field];
      if (['text', 'longText', 'email', 'url'].includes(declaration.type)) {
        // Typed values the browser's own checks accept (an e-mail or URL input blocks a submit otherwise).
        // A field with a pattern takes its declared example.
        const typed = declaration.type === 'email' ? 'yakkyoku@example.jp' : declaration.type === 'url' ? 'https://example.jp/' : (declaration.example ?? `入力${field}`);
        // Pasted, not typed key by key: a master with twenty text fields stays well inside the timeout.
        await user.click(await screen.findByLabelText(formLabel(declaration.label)));
        await user.paste(typed);
      }
    }
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const data = create.mock.calls[0][1].data as Record<string, unknown>;
    for (const field of writable) expect(Object.keys(data)).toContain(field.split('.')[0]);
    // A form of twenty inputs on a loaded two-core machine: seconds of jsdom work, not a hang.
  }, 60_000);

});

describe.each(table((resource) => !!resource.form && !!resource.capabilities?.edit))('conformance of the edit form: %s', (_name, resource) => {
  it('loads the record and saves it', async () => {
    const dataProvider = fakeProvider(resource);
    const update = vi.spyOn(dataProvider, 'update');
    renderWithAdmin(
      <Routes>
        <Route path={`/${resource.name}/:id/edit`} element={<SchemaEdit />} />
        <Route path="*" element={<p>移動しました</p>} />
      </Routes>,
      { dataProvider, resource: resource.name, initialEntries: [`/${resource.name}/1/edit`] },
    );
    const user = userEvent.setup();
    const firstText = resource.form!.fields.find((field) => resource.fields[field].type === 'text' && !resource.fields[field].readOnly);
    if (firstText) {
      const input = await screen.findByLabelText(formLabel(resource.fields[firstText].label));
      await waitFor(() => expect(input).not.toHaveValue(''));
      await user.type(input, '更新');
    }
    await user.click(await screen.findByRole('button', { name: '保存' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1].id).toBe('1');
    expect(await screen.findByText('移動しました')).toBeInTheDocument();
  });
});

describe('a detail page while its record loads', () => {
  it('shows progress in the content, not a blank area', async () => {
    const resource = resources.find((candidate) => candidate.name === 'v2/core/companies')!;
    const dataProvider = { ...fakeProvider(resource), getOne: () => new Promise<never>(() => {}) };
    renderWithAdmin(
      <Routes>
        <Route path={`/${resource.name}/:id/*`} element={<SchemaShow />} />
      </Routes>,
      { dataProvider: dataProvider as DataProvider, resource: resource.name, initialEntries: [`/${resource.name}/1`] },
    );
    expect(await screen.findByRole('status')).toHaveTextContent('読み込み中…');
  });
});
