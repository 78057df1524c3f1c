// The yardstick of `npm run bench`: the smallest react-admin app with a login page, one guessed
// resource and Japanese messages, built with the same Vite in the same run as the portal.
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type AuthProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import japaneseModule from '@bicstone/ra-language-japanese';
import type { TranslationMessages } from 'ra-core';

const japanese = ((japaneseModule as unknown as { default?: TranslationMessages }).default ?? japaneseModule) as TranslationMessages;

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => {
    if (!localStorage.getItem('token')) throw new Error('signed out');
  },
  checkError: async () => undefined,
};

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api')} authProvider={authProvider} i18nProvider={polyglotI18nProvider(() => japanese, 'ja')}>
    <Resource name="posts" list={ListGuesser} />
  </Admin>,
);
