import { generateHTML, generateJSON, type AnyExtension } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { manualExtensions } from './markdownExtensions';

/**
 * Markdown ⇄ the editor's HTML, through the manual schema (ra-input-rich-text's RichTextInput
 * holds HTML; the form and the API hold markdown). Anything the schema has no place for is
 * dropped on the way in, which is what makes the rendering safe.
 */
let shared: { manager: MarkdownManager; extensions: AnyExtension[] } | undefined;
const converter = () => {
  if (!shared) {
    const extensions = manualExtensions();
    shared = { extensions, manager: new MarkdownManager({ extensions }) };
  }
  return shared;
};

const lastHtml = { markdown: '', html: '' };

export function markdownToHtml(markdown: string): string {
  if (markdown === '') return '';
  if (markdown === lastHtml.markdown) return lastHtml.html;
  const { manager, extensions } = converter();
  const html = generateHTML(manager.parse(markdown), extensions);
  Object.assign(lastHtml, { markdown, html });
  return html;
}

export function htmlToMarkdown(html: string): string {
  if (html === '') return '';
  const { manager, extensions } = converter();
  return manager.serialize(generateJSON(html, extensions));
}

/** The markdown as the editor would write it back: equal to the input when the round trip is lossless. */
export const editorRoundTrip = (markdown: string): string => htmlToMarkdown(markdownToHtml(markdown));
