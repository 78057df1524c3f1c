import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { TextInput, useNotify } from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';
import type { Editor, EditorOptions } from '@tiptap/core';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { editorRoundTrip, htmlToMarkdown, markdownToHtml } from './markdownConvert';
import { manualExtensions } from './markdownExtensions';
import { manualContentSx } from './manualContentStyles';
import { ManualEditorToolbar } from './ManualEditorToolbar';

/** Spec section 9: the markdown editor is 500px high. */
export const EDITOR_HEIGHT = 500;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const LOSSY_WARNING = 'この本文には、表などリッチテキストで表示できない書式が含まれています。内容を失わないよう、Markdownのまま編集してください。';

type Mode = 'rich' | 'source';

const imagesOf = (files: FileList | null | undefined): File[] => [...(files ?? [])].filter((file) => IMAGE_TYPES.includes(file.type));

/**
 * The manual's content, markdown in the form whatever the view: ra-input-rich-text's
 * RichTextInput (TipTap with @tiptap/markdown's schema) with a toolbar, or the markdown source
 * itself. Images picked, pasted or dropped go up through the presigned link and come back as
 * their public URL. Content the rich view cannot hold (a table) keeps the source view.
 */
/** How many of the editor's own recent values count as its echo. */
const RECENT_ECHOES = 8;

export const ManualEditor = () => {
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const { setValue, getValues } = useFormContext();
  const content = useWatch({ name: 'content' }) as string | undefined;
  const [mode, setMode] = useState<Mode>(() => {
    const initial = (getValues('content') as string | undefined) ?? '';
    return editorRoundTrip(initial) === initial ? 'rich' : 'source';
  });
  const [lossy, setLossy] = useState(mode === 'source');
  const [uploading, setUploading] = useState(0);
  const editorRef = useRef<Editor | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async (files: File[], at?: number) => {
    for (const file of files) {
      setUploading((n) => n + 1);
      try {
        const url = await dataProvider.uploadManualImage(file);
        const alt = file.name.replace(/\.[^.]+$/, '');
        const editor = editorRef.current;
        if (mode === 'rich' && editor && !editor.isDestroyed) {
          const image = { type: 'image', attrs: { src: url, alt } };
          if (at === undefined) editor.chain().focus().insertContent(image).run();
          else editor.chain().focus().insertContentAt(Math.min(at, editor.state.doc.content.size), image).run();
        } else {
          const current = (getValues('content') as string | undefined) ?? '';
          setValue('content', `${current}${current === '' ? '' : '\n\n'}![${alt}](${url})`, { shouldDirty: true });
        }
      } catch {
        notify(`画像「${file.name}」をアップロードできませんでした。PNG・JPEG・GIF・WebPの5MBまでの画像を選んでください。`, { type: 'error' });
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const uploadRef = useRef(upload);
  uploadRef.current = upload;

  // Stable options: RichTextInput rebuilds its editor whenever they change.
  const editorOptions = useMemo<Partial<EditorOptions>>(
    () => ({
      extensions: manualExtensions(),
      onCreate: ({ editor }) => {
        editorRef.current = editor;
      },
      onDestroy: () => {
        editorRef.current = null;
      },
      editorProps: {
        attributes: { 'aria-label': '本文', 'aria-multiline': 'true', role: 'textbox' },
        handlePaste: (_view, event) => {
          const files = imagesOf(event.clipboardData?.files);
          if (files.length === 0) return false;
          void uploadRef.current(files);
          return true;
        },
        handleDrop: (editorView, event) => {
          const files = imagesOf((event as DragEvent).dataTransfer?.files);
          if (files.length === 0) return false;
          const at = editorView.posAtCoords({ left: (event as DragEvent).clientX, top: (event as DragEvent).clientY })?.pos;
          void uploadRef.current(files, at);
          return true;
        },
      },
    }),
    [],
  );

  /*
   * RichTextInput writes the formatted value back into the editor whenever it changes. A block
   * just started on an empty line (a heading from 「# 」 or H1, an empty list item, quote or code
   * block) has no markdown of its own, so formatting the markdown again dropped it, and the
   * restored selection pointed at nothing ("TextSelection endpoint not pointing into a node with
   * inline content"). What the editor itself just produced is therefore given back as it is: its
   * own HTML when the markdown is the one it was parsed from, or when the editor only looks empty.
   */
  // The last few markdowns the editor itself produced: RichTextInput echoes each back a render
  // later, and by then fast typing may have moved the editor on; setting the echo would undo
  // those keystrokes. Only a value from elsewhere (a reset, the markdown view) is written in.
  const produced = useRef<string[]>([]);
  const parseFromEditor = (html: string) => {
    const markdown = htmlToMarkdown(html);
    produced.current = [...produced.current.slice(-(RECENT_ECHOES - 1)), markdown];
    return markdown;
  };
  const formatForEditor = (value: string | undefined) => {
    const markdown = value ?? '';
    const editor = editorRef.current;
    if (editor && !editor.isDestroyed && ((markdown === '' && editor.isEmpty) || produced.current.includes(markdown))) return editor.getHTML();
    return markdownToHtml(markdown);
  };

  const switchMode = (_event: unknown, next: Mode | null) => {
    if (next === null || next === mode) return;
    if (next === 'rich') {
      const current = content ?? '';
      if (editorRoundTrip(current) !== current) {
        setLossy(true);
        return;
      }
    }
    setLossy(false);
    setMode(next);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = imagesOf(event.target.files);
    event.target.value = '';
    if (files.length === 0) notify('PNG・JPEG・GIF・WebPの画像を選んでください。', { type: 'warning' });
    void upload(files);
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={switchMode} aria-label="本文の表示" sx={{ '& .MuiToggleButton-root': { textTransform: 'none' } }}>
          <ToggleButton value="rich">リッチテキスト</ToggleButton>
          <ToggleButton value="source">Markdown</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" variant="outlined" startIcon={<ImageIcon />} onClick={() => fileInput.current?.click()} disabled={uploading > 0}>
          画像を挿入
        </Button>
        <input ref={fileInput} type="file" accept={IMAGE_TYPES.join(',')} multiple hidden onChange={pick} aria-label="挿入する画像" />
        {uploading > 0 && (
          <Typography variant="body2" role="status">
            画像をアップロードしています…
          </Typography>
        )}
      </Box>
      {lossy && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {LOSSY_WARNING}
        </Alert>
      )}
      {mode === 'rich' ? (
        <RichTextInput
          source="content"
          label="本文"
          format={formatForEditor}
          parse={parseFromEditor}
          editorOptions={editorOptions}
          toolbar={<ManualEditorToolbar />}
          sx={{ ...manualContentSx, '& .ProseMirror': { height: EDITOR_HEIGHT, overflowY: 'auto', lineHeight: 1.8, outline: 'none' } }}
        />
      ) : (
        <TextInput
          source="content"
          label="本文（Markdown）"
          multiline
          fullWidth
          sx={{ '& .MuiInputBase-root': { height: EDITOR_HEIGHT, alignItems: 'flex-start', overflowY: 'auto', fontFamily: 'monospace' } }}
        />
      )}
    </Box>
  );
};
