import { Navigate, useSearchParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { InlineLoading } from '../../app/InlineLoading';
import { PageLinkBar } from '../schema/list/PageLinkBar';
import { ManualRows } from './ManualRows';
import { ManualsContainer } from './ManualsContainer';
import { manualPaths } from './useManualCategories';
import { useManualPage, useUrlPage } from './useManualPage';

/** `/v2/core/manuals/search?query=`: the result count in the header, title matches first, matches marked. */
const ManualSearchPage = () => {
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const { page, setPage } = useUrlPage();
  const results = useManualPage({ query }, page, query !== '');
  if (query === '') return <Navigate to={manualPaths.list()} replace />;
  return (
    <ManualsContainer title={`「${query}」の検索結果`} query={query}>
      <Typography role="status" sx={{ mb: 1, fontWeight: 700 }}>
        {results.total === undefined ? '検索しています…' : `${results.total.toLocaleString('ja-JP')}件見つかりました`}
      </Typography>
      {results.isPending && <InlineLoading label="検索しています…" />}
      {results.error && <Typography role="alert" color="error">検索できませんでした。</Typography>}
      {results.data && results.data.length === 0 && <Typography sx={{ py: 2 }}>該当するマニュアルはありません。別の言葉で検索してください。</Typography>}
      {results.data && results.data.length > 0 && <ManualRows manuals={results.data} query={query} label="検索結果" />}
      {results.totalPages > 1 && <PageLinkBar page={page} totalPages={results.totalPages} onPage={setPage} />}
    </ManualsContainer>
  );
};

export default ManualSearchPage;
