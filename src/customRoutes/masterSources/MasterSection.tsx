import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { InlineLoading } from '../../app/InlineLoading';
import { serverMessages } from '../../resources/schema/shared/serverErrors';

/**
 * One titled part of a code's detail (spec section 2): its heading, then the one state it is in:
 * reading, the services' refusal, nothing found (`empty`), or what was found. The children are
 * built before this picks, so they must read an absent answer as empty.
 */
export const MasterSection = ({
  title,
  isPending,
  error,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  isPending: boolean;
  error?: unknown;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) => (
  <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1 }}>
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
    {isPending ? (
      <InlineLoading />
    ) : error ? (
      <Typography color="error">{serverMessages(error).join(' ')}</Typography>
    ) : isEmpty ? (
      empty
    ) : (
      children
    )}
  </Box>
);
