import { Extension, mergeAttributes, Node, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Markdown } from '@tiptap/markdown';
import { isSafeImageUrl, isSafeLinkUrl } from './safeUrls';

/**
 * A markdown image (`![alt](src "title")`) whose source must pass `isSafeImageUrl`: an unsafe one
 * is dropped when read (from markdown or pasted HTML) and never rendered. Written here rather
 * than taken from @tiptap/extension-image so the rule sits next to the schema.
 */
export const SafeImage = Node.create({
  name: 'image',
  group: 'block',
  draggable: true,
  atom: true,

  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      title: { default: null },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => {
          const src = (element as HTMLElement).getAttribute('src');
          return isSafeImageUrl(src) ? { src, alt: (element as HTMLElement).getAttribute('alt'), title: (element as HTMLElement).getAttribute('title') } : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    const src = isSafeImageUrl(HTMLAttributes.src) ? HTMLAttributes.src : null;
    return ['img', mergeAttributes({ src, alt: HTMLAttributes.alt ?? '', title: HTMLAttributes.title, loading: 'lazy' })];
  },

  markdownTokenName: 'image',

  parseMarkdown: (token, helpers) => {
    // An image from anywhere else is not shown at all (a tracking pixel, a script URL).
    if (!isSafeImageUrl(token.href)) return [];
    return helpers.createNode('image', { src: token.href, alt: token.text || null, title: token.title || null });
  },

  renderMarkdown: (node) => {
    const src = String(node.attrs?.src ?? '');
    const alt = String(node.attrs?.alt ?? '');
    const title = node.attrs?.title ? ` "${String(node.attrs.title).replace(/"/g, '\\"')}"` : '';
    return `![${alt}](${src}${title})`;
  },

  addCommands() {
    return {
      setManualImage:
        (attrs: { src: string; alt?: string }) =>
        ({ commands }) =>
          isSafeImageUrl(attrs.src) ? commands.insertContent({ type: this.name, attrs }) : false,
    };
  },
});

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    manualImage: {
      /** Inserts an image from our object store (or https). */
      setManualImage: (attrs: { src: string; alt?: string }) => ReturnType;
    };
  }
}

/**
 * The editor has no tables (no TipTap table extension is installed): a GFM table is kept readable
 * as its own source in a code block rather than vanishing. Written back it is a code block, so
 * the form sees the round trip is lossy and keeps such a manual in the source view.
 */
export const TableAsSource = Extension.create({
  name: 'tableAsSource',
  markdownTokenName: 'table',
  parseMarkdown: (token, helpers) =>
    helpers.createNode('codeBlock', { language: null }, [helpers.createTextNode(String(token.raw ?? '').trimEnd())]),
});

/**
 * The one schema of manual content, for the editor and the viewer alike: StarterKit (headings,
 * lists, links, code, quotes, rules) minus underline (markdown has none), safe links and images,
 * read and written as markdown. No raw HTML node exists, so HTML in the markdown becomes either
 * schema content (its attributes filtered) or literal text.
 */
export const manualExtensions = (): AnyExtension[] => [
  StarterKit.configure({
    underline: false,
    heading: { levels: [1, 2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isSafeLinkUrl(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
  SafeImage,
  TableAsSource,
  Markdown,
];
