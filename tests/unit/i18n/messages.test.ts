import { describe, expect, it } from 'vitest';
import englishModule from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { buildMessages } from '../../../src/i18n';
import { resources } from '../../../src/resources/registry';

const english = ((englishModule as unknown as { default?: TranslationMessages }).default ?? englishModule) as TranslationMessages;

/** Every message key under `prefix`, as dotted paths. */
const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) => (value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

const messageAt = (messages: object, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], messages);

// react-admin's guessers are a developer's tool; the portal has none.
const UNUSED = new Set(['ra.guesser.empty.title', 'ra.guesser.empty.message']);

describe('the portal\'s messages', () => {
  it('have a Japanese message for every key react-admin knows in English (no English fallback is loaded)', () => {
    const messages = buildMessages(resources);
    const missing = keysOf(english).filter((key) => !UNUSED.has(key) && typeof messageAt(messages, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('are Japanese where react-admin writes them (a sample of what every list and form shows)', () => {
    const messages = buildMessages(resources);
    for (const key of ['ra.action.show', 'ra.action.edit', 'ra.action.save', 'ra.navigation.no_results', 'ra.validation.required', 'ra.validation.unique']) {
      expect(messageAt(messages, key), key).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });
});
