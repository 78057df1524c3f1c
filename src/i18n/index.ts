import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import japaneseModule from '@bicstone/ra-language-japanese';
import { mergeTranslations, type TranslationMessages } from 'ra-core';
import type { ResourceDeclaration } from '../resources/types';
import { appMessages } from './ja';

// The Japanese pack is CommonJS with `exports.default`; depending on interop the default import
// is either the messages or the module object around them.
const japaneseMessages = ((japaneseModule as unknown as { default?: TranslationMessages }).default ??
  japaneseModule) as TranslationMessages;

/** Resource names and field labels come from the declarations, so each master's i18n lives with it. */
const resourceMessages = (resources: ResourceDeclaration[]) => ({
  resources: Object.fromEntries(
    resources.map((resource) => [
      resource.name,
      {
        name: resource.label,
        fields: Object.fromEntries(Object.entries(resource.fields).map(([source, field]) => [source, field.label])),
      },
    ]),
  ),
});

export const buildMessages = (resources: ResourceDeclaration[]): TranslationMessages =>
  mergeTranslations(englishMessages, japaneseMessages, appMessages, resourceMessages(resources)) as TranslationMessages;

export const createI18nProvider = (resources: ResourceDeclaration[]) =>
  polyglotI18nProvider(() => buildMessages(resources), 'ja', [{ locale: 'ja', name: '日本語' }], {
    allowMissing: true,
  });
