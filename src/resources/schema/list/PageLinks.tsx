import { useListContext } from 'react-admin';
import { PageLinkBar } from './PageLinkBar';

/**
 * The list's page links. The page count is the server's `x-total-pages` (the data provider puts
 * it in the list's `meta`): the server decides the page size, so the client never divides.
 */
export const PageLinks = () => {
  const { page, setPage, meta, isPending } = useListContext();
  const totalPages = Number((meta as { totalPages?: unknown } | undefined)?.totalPages);
  if (isPending || !Number.isFinite(totalPages)) return null;
  return <PageLinkBar page={page} totalPages={totalPages} onPage={setPage} />;
};
