import { generateHTML, generateJSON, type AnyExtension, type JSONContent } from '@tiptap/core';
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

const isEmptyParagraph = (node: JSONContent) => node.type === 'paragraph' && (node.content ?? []).length === 0;

/**
 * Empty paragraphs (Enter pressed twice, the editor's trailing line) have no markdown: they are
 * left out, as reading the markdown back would drop them anyway.
 */
export function htmlToMarkdown(html: string): string {
  if (html === '') return '';
  const { manager, extensions } = converter();
  const doc = generateJSON(html, extensions);
  return manager.serialize({ ...doc, content: (doc.content ?? []).filter((node: JSONContent) => !isEmptyParagraph(node)) });
}

/** The markdown as the editor would write it back: equal to the input when the round trip is lossless. */
export const editorRoundTrip = (markdown: string): string => htmlToMarkdown(markdownToHtml(markdown));
