import { useListContext } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { pageWindow } from '../../lib/pageWindow';

/**
 * Pagination as the spec draws it: up to 10 page links around the current page, with first,
 * previous, next and last. The server decides the page size.
 */
export const PageLinks = () => {
  const { page, setPage, total, perPage, isPending } = useListContext();
  if (isPending || !total) return null;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  return (
    <Box component="nav" aria-label="ページ送り" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 2, justifyContent: 'center' }}>
      <Button size="small" disabled={page <= 1} onClick={() => setPage(1)} aria-label="最初のページ">
        «
      </Button>
      <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="前のページ">
        ‹
      </Button>
      {pages.map((number) => (
        <Button
          key={number}
          size="small"
          variant={number === page ? 'contained' : 'text'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`${number}ページ`}
          onClick={() => setPage(number)}
          sx={{ minWidth: 36 }}
        >
          {number}
        </Button>
      ))}
      <Button size="small" disabled={page >= totalPages} onClick={() => setPage(page + 1)} aria-label="次のページ">
        ›
      </Button>
      <Button size="small" disabled={page >= totalPages} onClick={() => setPage(totalPages)} aria-label="最後のページ">
        »
      </Button>
    </Box>
  );
};
