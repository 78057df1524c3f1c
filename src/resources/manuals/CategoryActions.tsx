import { useState, type FormEvent } from 'react';
import { LinkBase, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFileRenameIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderDeleteIcon from '@mui/icons-material/FolderDeleteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { useCapabilities } from '../../app/capabilities';
import { specPath } from '../../lib/specPaths';
import { CORE_VERSIONS } from '../history/versionLists';
import { SafeConfirm } from '../../app/SafeConfirm';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import type { ManualCategoryDetail } from '../../dataProvider/methods/manuals';
import { ServerErrors } from '../schema/shared/ServerErrors';
import { serverMessages } from '../schema/shared/serverErrors';
import { useAllCategories } from './useAllCategories';
import { manualPaths } from './useManualCategories';
import { DialogButtons } from '../../app/DialogButtons';

type Dialogs = 'add' | 'rename' | 'move' | 'delete' | null;

/** 最近の変更 of one category: its rename, move and delete versions. */
export const categoryHistoryPath = (id: number) =>
  `${specPath.list(CORE_VERSIONS)}?${new URLSearchParams({ filter: JSON.stringify({ itemType: 'v2/core/manual_categories', itemId: String(id) }) }).toString()}`;
const ROOT = 'root';

/**
 * Organising the tree where staff are looking at it: a subcategory under the category shown (or a
 * root category at the top), and for the category shown rename, move and delete (when empty).
 */
/** Why a category cannot be deleted yet (the API refuses one that holds anything), or undefined when it can. */
export const deleteBlockedReason = (subcategories: number, manuals: number | undefined): string | undefined => {
  const held = [subcategories > 0 && `サブカテゴリ${subcategories}件`, manuals !== undefined && manuals > 0 && `マニュアル${manuals.toLocaleString('ja-JP')}件`].filter(Boolean);
  return held.length === 0 ? undefined : `${held.join('と')}があるため削除できません。先に移動するか削除してください。`;
};

export const CategoryActions = ({ category, manualCount }: { category?: ManualCategoryDetail; manualCount?: number }) => {
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const allCategories = useAllCategories();
  const [open, setOpen] = useState<Dialogs>(null);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string>(ROOT);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const versions = useCapabilities().has('versions');

  const show = (dialog: Dialogs) => {
    setErrors([]);
    setName(dialog === 'rename' ? (category?.name ?? '') : '');
    setParent(category?.parentId ? String(category.parentId) : ROOT);
    setOpen(dialog);
  };
  const run = async (action: () => Promise<number | undefined>, done: string) => {
    setBusy(true);
    try {
      const next = await action();
      await queryClient.invalidateQueries({ queryKey: ['manualCategories'] });
      setOpen(null);
      notify(done, { type: 'success' });
      navigate(manualPaths.list(next));
    } catch (error) {
      setErrors(serverMessages(error));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (open === 'add') void run(async () => (await dataProvider.createManualCategory({ name, parentId: category?.id ?? null })).id, 'カテゴリを追加しました。');
    // Renamed to its own name: nothing to send.
    if (open === 'rename' && category && name === category.name) return setOpen(null);
    if (open === 'rename' && category) void run(async () => (await dataProvider.updateManualCategory(category.id, { name })).id, 'カテゴリ名を変更しました。');
    if (open === 'move' && category)
      void run(async () => (await dataProvider.updateManualCategory(category.id, { parentId: parent === ROOT ? null : Number(parent) })).id, 'カテゴリを移動しました。');
  };
  // A category cannot go under itself: its own subtree (paths are unique among siblings) is not offered.
  const ownPath = category ? [...category.ancestors.map((ancestor) => ancestor.name), category.name] : [];
  const inside = (path: string[]) => ownPath.length > 0 && path.length >= ownPath.length && ownPath.every((part, i) => path[i] === part);
  const targets = (allCategories.data ?? []).filter((choice) => !inside(choice.path));
  const blocked = category ? deleteBlockedReason(category.children.length, manualCount) : undefined;
  const titles = { add: category ? `「${category.name}」にサブカテゴリを追加` : 'カテゴリを追加', rename: 'カテゴリ名を変更', move: `「${category?.name ?? ''}」を移動` };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Button size="small" variant="outlined" startIcon={<CreateNewFolderIcon />} onClick={() => show('add')}>
        {category ? 'サブカテゴリを追加' : 'カテゴリを追加'}
      </Button>
      {category && (
        <>
          <Button size="small" variant="outlined" startIcon={<DriveFileRenameIcon />} onClick={() => show('rename')}>
            名前を変更
          </Button>
          <Button size="small" variant="outlined" startIcon={<DriveFileMoveIcon />} onClick={() => show('move')}>
            移動
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<FolderDeleteIcon />}
            onClick={() => show('delete')}
            // Not while it holds anything: the reason is said beside it (a disabled button tells nothing by itself).
            disabled={blocked !== undefined}
            aria-describedby={blocked ? 'category-delete-blocked' : undefined}
          >
            カテゴリを削除
          </Button>
          {blocked && (
            <Typography id="category-delete-blocked" variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {blocked}
            </Typography>
          )}
          {/* A category has no page of its own: its 変更履歴 is 最近の変更 kept to it (the `versions` addition). */}
          {versions && (
            <Button size="small" startIcon={<HistoryIcon />} component={LinkBase} to={categoryHistoryPath(category.id)}>
              変更履歴
            </Button>
          )}
        </>
      )}
      <Dialog open={open === 'add' || open === 'rename' || open === 'move'} onClose={() => setOpen(null)} fullWidth maxWidth="sm" aria-labelledby="category-dialog-title">
        <Box component="form" onSubmit={submit}>
          <DialogTitle id="category-dialog-title">{open && open !== 'delete' ? titles[open] : ''}</DialogTitle>
          <DialogContent>
            <ServerErrors messages={errors} />
            {open === 'move' ? (
              <TextField select fullWidth label="移動先" value={parent} onChange={(event) => setParent(event.target.value)} sx={{ mt: 1 }}>
                <MenuItem value={ROOT}>（いちばん上の階層）</MenuItem>
                {targets.map((choice) => (
                  <MenuItem key={choice.id} value={String(choice.id)}>
                    {choice.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField autoFocus fullWidth label="カテゴリ名" value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 50 } }} sx={{ mt: 1 }} />
            )}
          </DialogContent>
          <DialogButtons label={open === 'add' ? '追加' : open === 'move' ? '移動' : '変更'} onCancel={() => setOpen(null)} disabled={open !== 'move' && name.trim() === ''} busy={busy} />
        </Box>
      </Dialog>
      {category && (
        <SafeConfirm
          isOpen={open === 'delete'}
          title={`カテゴリ「${category.name}」を削除しますか？`}
          content={errors.length > 0 ? <ServerErrors messages={errors} /> : '削除できるのは、サブカテゴリもマニュアルもないカテゴリだけです。'}
          confirm="削除する"
          loading={busy}
          onConfirm={() =>
            void run(async () => {
              await dataProvider.deleteManualCategory(category.id);
              return category.parentId ?? undefined;
            }, 'カテゴリを削除しました。')
          }
          onClose={() => setOpen(null)}
        />
      )}
    </Box>
  );
};
