import { useInfinitePaginationContext, useListContext } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** Continuation-token lists (NSIPS): the next page on request, while the server says there is one. */
export const LoadMore = () => {
  const { isPending } = useListContext();
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  if (isPending || !hasNextPage) return null;
  return (
    <Box sx={{ py: 2, textAlign: 'center' }}>
      <Button variant="outlined" disabled={isFetchingNextPage} onClick={() => void fetchNextPage?.()}>
        {isFetchingNextPage ? '読み込み中…' : 'さらに読み込む'}
      </Button>
    </Box>
  );
};
