import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { pageWindow } from '../../../lib/pageWindow';

/**
 * Pagination as the spec draws it: up to 10 page links around the current page, with first,
 * previous, next and last. Renders nothing for a single page.
 */
export const PageLinkBar = ({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) => {
  if (totalPages <= 1) return null;
  return (
    <Box component="nav" aria-label="ページ送り" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 2, justifyContent: 'center' }}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(1)} aria-label="最初のページ">
        «
      </Button>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="前のページ">
        ‹
      </Button>
      {pageWindow(page, totalPages).map((number) => (
        <Button
          key={number}
          size="small"
          variant={number === page ? 'contained' : 'text'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`${number}ページ`}
          onClick={() => onPage(number)}
          sx={{ minWidth: 36 }}
        >
          {number}
        </Button>
      ))}
      <Button size="small" disabled={page >= totalPages} onClick={() => onPage(page + 1)} aria-label="次のページ">
        ›
      </Button>
      <Button size="small" disabled={page >= totalPages} onClick={() => onPage(totalPages)} aria-label="最後のページ">
        »
      </Button>
    </Box>
  );
};
