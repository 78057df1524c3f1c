import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A custom screen's frame: the document title and a Japanese heading above its cards. */
export const Screen = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 2, py: 2 }}>
    <Title title={title} />
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
    {children}
  </Box>
);
