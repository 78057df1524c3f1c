import { EditorContent, useEditor } from '@tiptap/react';
import Box from '@mui/material/Box';
import { manualExtensions } from './markdownExtensions';
import { manualContentSx } from './manualContentStyles';

/**
 * A manual's markdown, shown read-only through the editor's own schema (TipTap): there is no raw
 * HTML node, so markup in the markdown becomes schema content with filtered attributes or plain
 * text, links and images pass the URL rules (safeUrls.ts), and what staff see is exactly what the
 * editor will edit. Nothing goes through innerHTML.
 */
export const ManualContent = ({ markdown }: { markdown: string }) => {
  const editor = useEditor(
    {
      extensions: manualExtensions(),
      content: markdown,
      contentType: 'markdown',
      editable: false,
      immediatelyRender: true,
      // Read-only content is a document to read, not a text box.
      editorProps: { attributes: { role: 'document', 'aria-label': '本文' } },
    },
    [markdown],
  );
  return (
    <Box sx={manualContentSx} data-testid="manual-content">
      <EditorContent editor={editor} />
    </Box>
  );
};
