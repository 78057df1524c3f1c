import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FolderIcon from '@mui/icons-material/Folder';
import { InlineLoading } from '../../app/InlineLoading';
import { PageLinkBar } from '../schema/list/PageLinkBar';
import type { ManualCategory } from '../../dataProvider/methods/manuals';
import { CategoryActions } from './CategoryActions';
import { useCapabilities } from '../../app/capabilities';
import { CategoryBreadcrumb } from './CategoryBreadcrumb';
import { ManualRows } from './ManualRows';
import { ManualsContainer } from './ManualsContainer';
import { manualPaths, parseCategoryId, useCategory, useRootCategories } from './useManualCategories';
import { useManualPage, useUrlPage } from './useManualPage';

const Folders = ({ categories }: { categories: ManualCategory[] }) =>
  categories.length === 0 ? null : (
    <Box component="ul" aria-label="サブカテゴリ" sx={{ listStyle: 'none', m: 0, mb: 2, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            component={RouterLink}
            to={manualPaths.list(category.id)}
            underline="none"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.primary', '&:hover': { bgcolor: 'action.hover' } }}
          >
            <FolderIcon aria-hidden sx={{ color: '#8d6e00' }} />
            <span>{category.name}</span>
          </Link>
        </li>
      ))}
    </Box>
  );

/** `/v2/core/manuals?categoryId=`: the category's path, its subcategories as folders, its manuals (all manuals at the top). */
const ManualListPage = () => {
  const [params] = useSearchParams();
  const categoryId = parseCategoryId(params.get('categoryId'));
  const { page, setPage } = useUrlPage();
  const category = useCategory(categoryId);
  const roots = useRootCategories();
  const manuals = useManualPage(categoryId === undefined ? {} : { manualCategoryId: categoryId }, page);
  const folders = categoryId === undefined ? roots.data : category.data?.children;
  const missing = categoryId !== undefined && category.isError;
  const title = categoryId === undefined ? 'マニュアル一覧' : (category.data?.name ?? 'マニュアル一覧');
  const ancestors = category.data?.ancestors ?? [];
  // Organising the tree is an addition (manualCategoryWrites): section 7 reads categories only.
  const categoryWrites = useCapabilities().has('manualCategoryWrites');

  return (
    <ManualsContainer title={title} categoryId={categoryId}>
      {categoryId !== undefined && category.data && <CategoryBreadcrumb path={[...ancestors, category.data]} lastIsCurrent />}
      {categoryWrites && !missing && (categoryId === undefined || category.data) && <CategoryActions category={category.data} manualCount={manuals.total} />}
      {missing ? (
        <Typography role="alert">このカテゴリは存在しません。左のカテゴリから選び直してください。</Typography>
      ) : (
        <>
          {folders && <Folders categories={folders} />}
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 1 }}>
            {categoryId === undefined ? 'すべてのマニュアル（更新の新しい順）' : 'このカテゴリのマニュアル'}
            {manuals.total !== undefined && `（${manuals.total.toLocaleString('ja-JP')}件）`}
          </Typography>
          {manuals.isPending && <InlineLoading />}
          {manuals.error && <Typography role="alert" color="error">マニュアルを読み込めませんでした。</Typography>}
          {manuals.data && manuals.data.length === 0 && <Typography sx={{ py: 2 }}>このカテゴリにはまだマニュアルがありません。</Typography>}
          {manuals.data && manuals.data.length > 0 && <ManualRows manuals={manuals.data} label="マニュアル" />}
          {manuals.totalPages > 1 && <PageLinkBar page={page} totalPages={manuals.totalPages} onPage={setPage} />}
        </>
      )}
    </ManualsContainer>
  );
};

export default ManualListPage;
