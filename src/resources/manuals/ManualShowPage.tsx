import { useState } from 'react';
import { useDelete, useGetOne, useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { InlineLoading } from '../../app/InlineLoading';
import { useRememberVisit } from '../../features/palette/useRememberVisit';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { SafeConfirm } from '../../app/SafeConfirm';
import { formatDate } from '../../contract/dates';
import type { ManualCategoryDetail } from '../../dataProvider/methods/manuals';
import { CategoryBreadcrumb } from './CategoryBreadcrumb';
import { ManualContent } from './ManualContent';
import type { ManualRecord } from './ManualRows';
import { ManualsContainer } from './ManualsContainer';
import { MANUALS, manualPaths } from './useManualCategories';

type ManualDetail = Omit<ManualRecord, 'id'> & { id: number | string; manualCategory: Omit<ManualCategoryDetail, 'children'> | null };

export const deleteConfirmTitle = (title: string) => `マニュアル「${title}」を削除しますか？`;
export const DELETE_CONFIRM_CONTENT = '削除したマニュアルは元に戻せません。閲覧数も失われます。';

/** `/v2/core/manuals/{id}`: the path of categories, view count, days, edit and delete, and the content. */
const ManualShowPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const { data: manual, isPending, error } = useGetOne<ManualDetail>(MANUALS, { id }, { retry: false, refetchOnMount: 'always' });
  useRememberVisit(useResourceDeclaration(MANUALS), manual);
  const [remove, { isPending: removing }] = useDelete<ManualDetail>();
  const category = manual?.manualCategory ?? null;
  const path = category ? [...category.ancestors, category] : [];

  const confirmDelete = () =>
    remove(
      MANUALS,
      { id, previousData: manual },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify('マニュアルを削除しました。', { type: 'success' });
          navigate(manualPaths.list(category?.id));
        },
        onError: () => {
          setConfirming(false);
          notify('マニュアルを削除できませんでした。', { type: 'error' });
        },
      },
    );

  return (
    <ManualsContainer title={manual?.title ?? 'マニュアル'} categoryId={category?.id}>
      {isPending && <InlineLoading />}
      {error && <Typography role="alert">このマニュアルは存在しません。削除されたか、URLが間違っています。</Typography>}
      {manual && (
        <Box component="article" aria-label={manual.title}>
          <CategoryBreadcrumb path={path} lastIsCurrent={false} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <VisibilityIcon fontSize="small" aria-hidden />
              閲覧数 <span data-testid="impressions-count">{manual.impressionsCount.toLocaleString('ja-JP')}</span>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              作成日 {formatDate(manual.createdAt)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              更新日 {formatDate(manual.updatedAt)}
            </Typography>
            <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
              <Button component={RouterLink} to={manualPaths.edit(manual.id)} variant="outlined" startIcon={<EditIcon />}>
                編集
              </Button>
              <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
                削除
              </Button>
            </Box>
          </Box>
          <ManualContent markdown={manual.content} />
          <SafeConfirm
            isOpen={confirming}
            title={deleteConfirmTitle(manual.title)}
            content={DELETE_CONFIRM_CONTENT}
            confirm="削除する"
            loading={removing}
            onConfirm={confirmDelete}
            onClose={() => setConfirming(false)}
          />
        </Box>
      )}
    </ManualsContainer>
  );
};

export default ManualShowPage;
