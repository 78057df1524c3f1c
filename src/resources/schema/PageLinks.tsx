import { useListContext } from 'react-admin';
import { PageLinkBar } from './PageLinkBar';

/** The list's pagination: the server decides the page size, the total gives the page count. */
export const PageLinks = () => {
  const { page, setPage, total, perPage, isPending } = useListContext();
  if (isPending || !total) return null;
  return <PageLinkBar page={page} totalPages={Math.ceil(total / perPage)} onPage={setPage} />;
};
