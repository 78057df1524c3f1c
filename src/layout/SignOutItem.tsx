import { useState } from 'react';
import { useGetIdentity, useLogout, useUserMenu } from 'react-admin';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { SafeConfirm } from '../app/SafeConfirm';
import { useRuntime } from '../app/RuntimeContext';
import { MESSAGE_DRAFT_RESOURCE } from '../features/drafts/messageDrafts';
import { draftStorage, draftsOf, keepsDrafts, rememberKeepDrafts, removeDraft, type KeptDraft } from '../features/drafts/formDrafts';
import { useFindDeclaration, type FindDeclaration } from '../resources/schema/shared/DeclarationsContext';
import { formatDateTime } from '../contract/dates';

/** What a draft belongs to, as the user would name it: 「薬局会社 #11 の編集」, 「問い合わせ #63 のメッセージ」. */
export const draftLabel = (draft: Pick<KeptDraft, 'resource' | 'id'>, find: FindDeclaration): string => {
  if (draft.resource === MESSAGE_DRAFT_RESOURCE) return `問い合わせ #${draft.id ?? ''} のメッセージ`;
  const noun = find(draft.resource)?.recordLabel ?? draft.resource;
  return draft.id === undefined ? `新規の${noun}` : `${noun} #${draft.id} の編集`;
};

/**
 * ログアウト in the account menu. Unsent drafts stay in this browser as plain text, which on a
 * shared PC the next person could read (issue 36): signing out names them and discards them,
 * unless the user ticks that this device keeps them (remembered for that user, ticked next time).
 * キャンセル is focused: Enter never signs out by accident. No drafts: it signs out at once.
 */
export const SignOutItem = ({ onAsk }: { onAsk: (drafts: KeptDraft[]) => void }) => {
  const menu = useUserMenu();
  const logout = useLogout();
  const { environment } = useRuntime();
  const { identity } = useGetIdentity();
  return (
    <MenuItem
      onClick={() => {
        menu?.onClose();
        const drafts = identity?.id === undefined ? [] : draftsOf(draftStorage(), environment.key, identity.id);
        if (drafts.length === 0) void logout();
        else onAsk(drafts);
      }}
    >
      <ListItemIcon>
        <ExitIcon />
      </ListItemIcon>
      <ListItemText>ログアウト</ListItemText>
    </MenuItem>
  );
};

export const SignOutDialog = ({ drafts, onClose }: { drafts: KeptDraft[] | undefined; onClose: () => void }) => {
  const logout = useLogout();
  const find = useFindDeclaration();
  const { environment } = useRuntime();
  const { identity } = useGetIdentity();
  const storage = draftStorage();
  const userId = identity?.id;
  const [keep, setKeep] = useState<boolean>();
  const keeping = keep ?? (userId !== undefined && keepsDrafts(storage, environment.key, userId));
  const close = () => {
    setKeep(undefined);
    onClose();
  };
  const signOut = () => {
    if (userId !== undefined) rememberKeepDrafts(storage, environment.key, userId, keeping);
    if (!keeping) for (const draft of drafts ?? []) removeDraft(storage, draft.key);
    close();
    void logout();
  };
  return (
    <SafeConfirm
      isOpen={drafts !== undefined}
      title="保存されていない下書きがあります"
      content={
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            次の下書きはまだ保存も送信もされていません。このままログアウトすると破棄されます。
          </Typography>
          <Typography component="ul" variant="body2" sx={{ pl: 3, my: 1 }}>
            {(drafts ?? []).map((draft) => (
              <li key={draft.key}>
                {draftLabel(draft, find)}（{formatDateTime(draft.savedAt)}）
              </li>
            ))}
          </Typography>
          <FormControlLabel
            control={<Checkbox checked={keeping} onChange={(event) => setKeep(event.target.checked)} />}
            label="このパソコンに下書きを残す（共用のパソコンでは選ばないでください）"
          />
        </>
      }
      confirm={keeping ? '下書きを残してログアウト' : '下書きを破棄してログアウト'}
      onConfirm={signOut}
      onClose={close}
    />
  );
};
