import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import ShortTextIcon from '@mui/icons-material/ShortText';
import type { InquiryMessage } from '../../dataProvider/methods/inquiries';
import { serverMessages } from '../../resources/schema/shared/serverErrors';
import { ATTACHMENT_ACCEPT, attachmentProblem } from './attachmentRules';
import { useDelayedFocus } from './useDelayedFocus';
import { SendFailedAlert } from './SendFailedAlert';
import { ManualInserter } from './ManualInserter';
import { insertSnippet } from './manualSnippets';
import { SavedReplyInserter } from './SavedReplyInserter';
import { useCapabilities } from '../../app/capabilities';
import { SavedReplyOptions, type SavedReply } from './SavedReplyOptions';
import { fillPlaceholders, type Placeholder, type PlaceholderValues } from './savedReplyText';
import { useSlashShortcut } from './useSlashShortcut';
import { DialogButtons } from '../../app/DialogButtons';
import { readMessageDraft, removeMessageDraft, writeMessageDraft } from '../../features/drafts/messageDrafts';
import { formatDateTime } from '../../contract/dates';

export type MessageDialogState =
  | { mode: 'send'; replyTo?: InquiryMessage }
  | { mode: 'edit'; message: InquiryMessage };

export interface MessageDialogProps {
  state: MessageDialogState | undefined;
  onClose: () => void;
  /** Resolves when saved; a rejection keeps the dialog and its text. */
  onSend: (content: string, file: File | undefined, replyTo: InquiryMessage | undefined) => Promise<void>;
  onEdit: (message: InquiryMessage, content: string) => Promise<void>;
  /**
   * Where the room's unsent text is kept (features/drafts: per environment, user and room), so closing
   * the dialog, switching rooms or reloading never loses it; sending removes it. Edits keep none.
   */
  draftKey?: string;
  /** What a saved reply's placeholders become in this room ({薬局名}, {担当者名}). */
  placeholders?: PlaceholderValues;
}

/** The send / edit modal (spec sections 2 and 5). */
export const MessageDialog = ({ state, onClose, onSend, onEdit, draftKey, placeholders = {} }: MessageDialogProps) => {
  const open = state !== undefined;
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [error, setError] = useState<string[]>();
  const [saving, setSaving] = useState(false);
  const [restoredAt, setRestoredAt] = useState<string>();
  const [inserting, setInserting] = useState<'manual' | 'reply'>();
  const [unfilled, setUnfilled] = useState<Placeholder[]>([]);
  const input = useDelayedFocus<HTMLTextAreaElement>(open);
  const keptIn = state?.mode === 'send' ? draftKey : undefined;
  // Saved replies are an addition beyond spec section 7: where the platform lacks them, neither
  // the button nor the 「/」 shortcut nor its hint is there.
  const offersReplies = useCapabilities().has('savedReplies');

  useEffect(() => {
    if (!state) return;
    const draft = state.mode === 'send' ? readMessageDraft(draftKey) : undefined;
    setContent(state.mode === 'edit' ? state.message.content : (draft?.content ?? ''));
    setRestoredAt(draft?.savedAt);
    setInserting(undefined);
    setUnfilled([]);
    setFile(undefined);
    setFileProblem(undefined);
    setError(undefined);
    // A newly opened dialog reads the draft; typing writes it.
  }, [state, draftKey]);

  const change = (value: string) => {
    setContent(value);
    if (keptIn) writeMessageDraft(keptIn, value);
  };
  /** A snippet in place of `start`-`end` (the selection unless said), then back to typing after it. */
  const insertText = (snippet: string, start?: number, end?: number) => {
    const field = input.current;
    const result = insertSnippet(content, snippet, start ?? field?.selectionStart ?? content.length, end ?? field?.selectionEnd ?? content.length);
    change(result.text);
    setInserting(undefined);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(result.caret, result.caret);
    });
  };
  /** A saved reply with this room's placeholders filled; what could not be filled is pointed out. */
  const insertReply = (reply: SavedReply, start?: number, end?: number) => {
    const filled = fillPlaceholders(reply.body, placeholders);
    setUnfilled(filled.unfilled);
    insertText(filled.text, start, end);
  };
  const slash = useSlashShortcut(content, state?.mode === 'send' && offersReplies, insertReply);
  const discardDraft = () => {
    if (keptIn) removeMessageDraft(keptIn);
    setContent('');
    setRestoredAt(undefined);
  };

  const submit = async () => {
    if (!state || content.trim() === '' || saving) return;
    setSaving(true);
    setError(undefined);
    try {
      if (state.mode === 'edit') await onEdit(state.message, content);
      else await onSend(content, file, state.replyTo);
      if (keptIn) removeMessageDraft(keptIn);
      onClose();
    } catch (failure) {
      setError(serverMessages(failure));
    } finally {
      setSaving(false);
    }
  };

  const title = state?.mode === 'edit' ? 'メッセージを編集' : state?.replyTo ? 'メッセージに返信' : 'メッセージを送信';
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby="inquiry-message-title" fullWidth maxWidth="sm">
      <DialogTitle id="inquiry-message-title">{title}</DialogTitle>
      <DialogContent>
        {error && <SendFailedAlert messages={error} />}
        {state?.mode === 'send' && state.replyTo && (
          <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1, mb: 1 }}>
            <Typography variant="caption" color="text.secondary">
              返信先: {state.replyTo.senderName}
            </Typography>
            <Typography variant="body2" noWrap>
              {state.replyTo.content}
            </Typography>
          </Box>
        )}
        {restoredAt && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(restoredAt)} の下書きを復元しました。
            </Typography>
            <Button size="small" onClick={discardDraft} disabled={saving}>
              下書きを破棄
            </Button>
          </Box>
        )}
        <TextField
          inputRef={input}
          label="メッセージ"
          value={content}
          onChange={(event) => {
            change(event.target.value);
            slash.track(event);
          }}
          onKeyDown={slash.onKeyDown}
          helperText={state?.mode === 'send' && offersReplies ? '「/」に続けてショートカットを入力すると定型文を挿入できます' : undefined}
          multiline
          minRows={4}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 5000, onSelect: slash.track, ...slash.inputAria } }}
        />
        {slash.open && (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, boxShadow: 2 }}>
            <SavedReplyOptions id={slash.listId} replies={slash.replies} active={slash.active} onPick={slash.pick} />
          </Box>
        )}
        {/* A live region without the status role: the dialog's visible status lines keep that role to themselves. */}
        <Typography aria-live="polite" variant="body2" sx={visuallyHidden}>
          {slash.open ? `定型文の候補 ${slash.replies.length}件。↑↓で選び、Enterで挿入、Escで閉じます。` : ''}
        </Typography>
        {unfilled.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {`${unfilled.map((name) => `{${name}}`).join('、')} を入れられませんでした。送信前に書き換えてください。`}
          </Alert>
        )}
        {state?.mode === 'send' && (
          <Box sx={{ mt: 1 }}>
            <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />} disabled={saving}>
              画像を添付
              <input
                hidden
                type="file"
                accept={ATTACHMENT_ACCEPT}
                aria-label="画像を添付"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (!chosen) return;
                  const problem = attachmentProblem(chosen);
                  setFileProblem(problem);
                  setFile(problem ? undefined : chosen);
                }}
              />
            </Button>
            <Button size="small" variant="outlined" startIcon={<MenuBookIcon />} disabled={saving} sx={{ ml: 1 }} onClick={() => setInserting((now) => (now === 'manual' ? undefined : 'manual'))} aria-expanded={inserting === 'manual'}>
              マニュアルから挿入
            </Button>
            {offersReplies && (
              <Button size="small" variant="outlined" startIcon={<ShortTextIcon />} disabled={saving} sx={{ ml: 1 }} onClick={() => setInserting((now) => (now === 'reply' ? undefined : 'reply'))} aria-expanded={inserting === 'reply'}>
                定型文を挿入
              </Button>
            )}
            {file && (
              <Typography variant="body2" component="span" sx={{ ml: 1 }} data-testid="inquiry-attachment-name">
                {file.name}
                <Button size="small" onClick={() => setFile(undefined)} sx={{ ml: 1 }}>
                  添付を外す
                </Button>
              </Typography>
            )}
            {inserting === 'manual' && <ManualInserter onInsert={(snippet) => insertText(snippet)} onCancel={() => setInserting(undefined)} />}
            {inserting === 'reply' && <SavedReplyInserter onInsert={(reply) => insertReply(reply)} onCancel={() => setInserting(undefined)} />}
            {fileProblem && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {fileProblem}
              </Alert>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogButtons label={state?.mode === 'edit' ? '保存' : '送信'} onCancel={onClose} onSubmit={() => void submit()} disabled={content.trim() === ''} busy={saving} />
    </Dialog>
  );
};
