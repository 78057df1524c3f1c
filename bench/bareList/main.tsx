// The floor of an in-app visit to a list, for `npm run bench -- warm`: stock react-admin (List,
// DataTable, ShowButton, EditButton, Buttons) showing the pharmacy list's columns and its four
// row actions, 25 rows a page, from ra-data-simple-rest. Built apart from bench/bare so that the
// first-load yardstick stays the smallest app.
import { createRoot } from 'react-dom/client';
// Stock react-admin on purpose, EditButton included: this app is the yardstick, not the portal.
// eslint-disable-next-line no-restricted-imports
import { Admin, Button, DataTable, DateField, EditButton, List, ListGuesser, Resource, ShowButton, type AuthProvider } from 'react-admin';
import { Link } from 'react-router-dom';
import simpleRestProvider from 'ra-data-simple-rest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import japaneseModule from '@bicstone/ra-language-japanese';
import type { TranslationMessages } from 'ra-core';

const japanese = ((japaneseModule as unknown as { default?: TranslationMessages }).default ?? japaneseModule) as TranslationMessages;

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
};

const PharmacyList = () => (
  <List perPage={25} sort={{ field: 'updatedAt', order: 'DESC' }}>
    <DataTable aria-label="薬局一覧" bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="id" label="ID" />
      <DataTable.Col source="companyId" label="会社ID" />
      <DataTable.Col source="name" label="薬局名" />
      <DataTable.Col source="address1" label="都道府県" />
      <DataTable.Col source="updatedAt" label="更新日時" field={DateField} />
      <DataTable.Col label="操作">
        <ShowButton />
        <EditButton />
        <Button label="発注アプリ" component="a" href="https://order.example.test/" target="_blank" />
        <Button label="NSIPS" component={Link} to="/posts" />
      </DataTable.Col>
    </DataTable>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api')} authProvider={authProvider} i18nProvider={polyglotI18nProvider(() => japanese, 'ja')}>
    <Resource name="posts" list={ListGuesser} />
    <Resource name="pharmacies" list={PharmacyList} options={{ label: '薬局一覧' }} />
  </Admin>,
);
