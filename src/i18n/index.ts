import polyglotI18nProvider from 'ra-i18n-polyglot';
import japaneseModule from '@bicstone/ra-language-japanese';
import { mergeTranslations, type TranslationMessages } from 'ra-core';
import type { ResourceDeclaration } from '../resources/types';
export { TEXTS } from './texts';
import { appMessages } from './ja';

// The Japanese pack is CommonJS with `exports.default`; depending on interop the default import
// is either the messages or the module object around them.
const japaneseMessages = ((japaneseModule as unknown as { default?: TranslationMessages }).default ??
  japaneseModule) as TranslationMessages;

/** `pharmacyInvoice.invoiceNumber` becomes a nested key, as polyglot reads dotted message paths. */
const nestPaths = (entries: [string, string][]) => {
  const root: Record<string, unknown> = {};
  for (const [path, label] of entries) {
    const keys = path.split('.');
    let node = root;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]] = label;
  }
  return root;
};

/** Resource names and field labels come from the declarations, so each master's i18n lives with it. */
const resourceMessages = (resources: ResourceDeclaration[]) => ({
  resources: Object.fromEntries(
    resources.map((resource) => [
      resource.name,
      {
        name: resource.label,
        fields: nestPaths(Object.entries(resource.fields).map(([source, field]) => [source, field.label])),
      },
    ]),
  ),
});

/**
 * Japanese only: react-admin's English messages are not merged beneath as a fallback, because
 * nothing a user sees may be English and because they were 6 KB of the first load.
 * tests/unit/i18n covers every key of react-admin's English pack with a Japanese message.
 */
export const buildMessages = (resources: ResourceDeclaration[]): TranslationMessages =>
  mergeTranslations(japaneseMessages, appMessages, resourceMessages(resources)) as TranslationMessages;

export const createI18nProvider = (resources: ResourceDeclaration[]) =>
  polyglotI18nProvider(() => buildMessages(resources), 'ja', [{ locale: 'ja', name: '日本語' }], {
    allowMissing: true,
  });
