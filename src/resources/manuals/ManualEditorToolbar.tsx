import { useState, type ReactNode } from 'react';
import { useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { useTiptapEditor } from 'ra-input-rich-text';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import CodeIcon from '@mui/icons-material/Code';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import DataObjectIcon from '@mui/icons-material/DataObject';
import LinkIcon from '@mui/icons-material/Link';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import { ManualLinkDialog } from './ManualLinkDialog';

interface Tool {
  label: string;
  icon: ReactNode;
  active: (editor: Editor) => boolean;
  /** `askLink` opens the link dialog, which sets the link itself. */
  run: (editor: Editor, askLink: () => void) => void;
}

const heading = (level: 1 | 2 | 3): Tool => ({
  // The name holds the visible text (H2) too.
  label: `見出し${level} H${level}`,
  icon: <Box component="span" sx={{ fontWeight: 700, fontSize: 14, px: 0.25 }}>{`H${level}`}</Box>,
  active: (editor) => editor.isActive('heading', { level }),
  run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
});

const TOOLS: Tool[] = [
  heading(1),
  heading(2),
  heading(3),
  { label: '太字', icon: <FormatBoldIcon fontSize="small" />, active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: '斜体', icon: <FormatItalicIcon fontSize="small" />, active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: '取り消し線', icon: <StrikethroughSIcon fontSize="small" />, active: (e) => e.isActive('strike'), run: (e) => e.chain().focus().toggleStrike().run() },
  { label: 'コード', icon: <CodeIcon fontSize="small" />, active: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run() },
  { label: '箇条書き', icon: <FormatListBulletedIcon fontSize="small" />, active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: '番号付きリスト', icon: <FormatListNumberedIcon fontSize="small" />, active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: '引用', icon: <FormatQuoteIcon fontSize="small" />, active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  { label: 'コードブロック', icon: <DataObjectIcon fontSize="small" />, active: (e) => e.isActive('codeBlock'), run: (e) => e.chain().focus().toggleCodeBlock().run() },
  { label: '区切り線', icon: <HorizontalRuleIcon fontSize="small" />, active: () => false, run: (e) => e.chain().focus().setHorizontalRule().run() },
  {
    label: 'リンク',
    icon: <LinkIcon fontSize="small" />,
    active: (e) => e.isActive('link'),
    run: (editor, askLink) => {
      if (editor.isActive('link')) editor.chain().focus().extendMarkRange('link').unsetLink().run();
      else askLink();
    },
  },
];

/** The editor's formatting buttons, each a toggle named in Japanese with its state (aria-pressed). */
export const ManualEditorToolbar = () => {
  const editor = useTiptapEditor();
  const [askingLink, setAskingLink] = useState(false);
  const active = useEditorState({ editor, selector: ({ editor: current }) => (current ? TOOLS.map((tool) => tool.active(current)) : TOOLS.map(() => false)) });
  return (
    <Box role="toolbar" aria-label="書式" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
      {TOOLS.map((tool, index) => (
        <ToggleButton
          key={tool.label}
          value={tool.label}
          size="small"
          selected={active?.[index] ?? false}
          aria-label={tool.label}
          title={tool.label}
          disabled={!editor?.isEditable}
          onChange={() => editor && tool.run(editor, () => setAskingLink(true))}
          sx={{ minWidth: 36 }}
        >
          {tool.icon}
        </ToggleButton>
      ))}
      <ManualLinkDialog
        open={askingLink}
        onClose={() => setAskingLink(false)}
        onInsert={(href) => {
          setAskingLink(false);
          if (!editor) return;
          // With no text selected (a cursor, or a just-inserted image) the URL becomes the link's
          // text after the selection; replacing the selection would drop the image.
          const { from, to } = editor.state.selection;
          if (editor.state.doc.textBetween(from, to, '').trim() === '') {
            editor.chain().focus().insertContentAt(to, { type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
          } else {
            editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
          }
        }}
      />
    </Box>
  );
};
